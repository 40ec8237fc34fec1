// `npm test`'s build check: the export in the given folder (default out/) was built with the theme of
// app/globals.css (scripts/lib/theme-css.ts). Stack builds (scripts/lib/stack.ts buildApp) check the same.
import { assertExportHasTheme } from './lib/theme-css';

const dir = process.argv[2] ?? 'out';
assertExportHasTheme(dir);
console.log(`${dir}: the built CSS carries the theme`);
