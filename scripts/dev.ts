// `npm run dev`: the same local stack, with the app from `next dev` (hot reload) instead of the static export.
import { spawn } from 'node:child_process';
import { startStack } from '../stack/stack';

const appPort = Number(process.env.APP_PORT ?? 3000);
const stack = await startStack({
  appPort,
  apiPort: Number(process.env.API_PORT ?? 8787),
  adminPort: Number(process.env.ADMIN_PORT ?? 8788),
  chainPort: Number(process.env.CHAIN_PORT ?? 8545),
  mailPort: Number(process.env.MAIL_PORT ?? 1080),
  dataDir: process.env.STACK_DATA_DIR ?? '.data',
  serveApp: false,
});
const next = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'dev', '-H', '127.0.0.1', '-p', String(appPort)], {
  stdio: 'inherit',
  env: { ...process.env, ...stack.appEnv },
});
console.log(
  `App: ${stack.appUrl} (next dev)\nAPI: ${stack.apiUrl}\nChain: ${stack.chainUrl} (chain ${stack.chainId})\nMail: ${stack.mailUrl} (the local catcher of the server's emails)`,
);

const stop = async () => {
  next.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
