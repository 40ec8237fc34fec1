// `npm start`: the whole product on 127.0.0.1 (chain, contracts, API server on PGlite, the app). Ctrl-C stops it all.
import { startStack } from '../stack/stack';

const dataDir = process.env.STACK_DATA_DIR ?? '.data';
const stack = await startStack({
  appPort: Number(process.env.APP_PORT ?? 3000),
  apiPort: Number(process.env.API_PORT ?? 8787),
  adminPort: Number(process.env.ADMIN_PORT ?? 8788),
  chainPort: Number(process.env.CHAIN_PORT ?? 8545),
  mailPort: Number(process.env.MAIL_PORT ?? 1080),
  dataDir,
  // The App URL comes first; the operator's console finishes building behind it (a first start: about a minute here).
  consoleLater: true,
});

// Already built (an unchanged console skips its build) or still building behind the App URL?
const consoleReady = await Promise.race([stack.consoleBuilt.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 0))]);

console.log(`
App: ${stack.appUrl}
API: ${stack.apiUrl}
Admin: ${stack.adminUrl} (loopback only; npm run admin -- help)
Console: ${stack.consoleUrl} (the operator's console, loopback only: sign in with an operator's wallet; the deployer, account 0, is an admin${consoleReady ? '' : `; still building: 'Console ready' below says when it is`})
Chain: ${stack.chainUrl} (chain ${stack.chainId})
Mail: ${stack.mailUrl} (a local catcher: the verification emails the server sends land here, nothing leaves this machine)

Open the App URL in any browser and press 'Connect wallet': without an extension, pick the burner wallet
(a key kept in this browser, funded with 100 ETH and 10,000 WLD on the local chain). Invite link of the
demo root user: ${stack.appUrl}#/?intro=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
Move time forward: npm run admin -- clock.advance 1     Data lives in ${dataDir}/ (delete it to start over).`);
if (!consoleReady) {
  stack.consoleBuilt.then(
    () => console.log(`Console ready: ${stack.consoleUrl}`),
    (error: unknown) => console.error(`The console's build failed (the app, the API and the chain still run): ${String(error)}`),
  );
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
