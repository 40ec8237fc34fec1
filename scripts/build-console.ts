// `npm run build:console`: the operator's console (console/) into console/out/, which the admin app serves
// at /console/. Skipped when console/ and lib/ are unchanged since the last build (the stack builds it the same way).
import { CONSOLE_OUT_DIR, buildConsole } from '../stack/stack';

await buildConsole();
console.log(`Operator console: ${CONSOLE_OUT_DIR}/ (served by the admin app at http://127.0.0.1:<ADMIN_PORT>/console/)`);
