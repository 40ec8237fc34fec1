// `npm start`: builds the static export when missing, serves it on 127.0.0.1 and prints its URL.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serveStatic } from './lib/static-server';

const port = Number(process.env.APP_PORT ?? 3000);

if (!existsSync('out/index.html')) {
  console.log('Building the app (first run)…');
  execFileSync('npx', ['next', 'build'], { stdio: 'inherit' });
}

const app = await serveStatic('out', { port });
console.log(`App: ${app.url}`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
