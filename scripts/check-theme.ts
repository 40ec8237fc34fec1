// `npm test`'s build check: the export in the given folder (default out/) was built with the theme of
// app/globals.css (stack/theme-css.ts). Stack builds (stack/stack.ts buildApp) check the same.
import { assertExportHasTheme } from '../stack/theme-css';

const dir = process.argv[2] ?? 'out';
assertExportHasTheme(dir);
console.log(`${dir}: the built CSS carries the theme`);
