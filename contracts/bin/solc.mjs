#!/usr/bin/env node
// forge cannot download a native solc on these machines: this answers forge's two calls with the npm
// `solc` package (solc-js) instead: `--version`, and `--standard-json` with the input on stdin.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const solc = createRequire(import.meta.url)('solc');
const args = process.argv.slice(2);

if (args.includes('--version')) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}
if (!args.includes('--standard-json')) {
  process.stderr.write('only --version and --standard-json are supported\n');
  process.exit(1);
}
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
// forge inlines most sources; solc still asks for a few it resolves itself (relative imports under ../).
const findImports = (path) => {
  try {
    return { contents: readFileSync(path, 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
};
process.stdin.on('end', () => process.stdout.write(solc.compile(input, { import: findImports })));
