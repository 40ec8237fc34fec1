// `npm run chain`: a local anvil with WLD and the Vault deployed; Ctrl-C stops it.
import { startAnvil } from '../stack/anvil';
import { DEPLOYMENT_FILE, deployLocal } from '../stack/deploy';

const port = Number(process.env.CHAIN_PORT ?? 8545);
const anvil = await startAnvil({ port });
const deployment = await deployLocal(anvil.rpcUrl).catch(async (error: unknown) => {
  await anvil.stop();
  throw error;
});
console.log(`Chain: ${anvil.rpcUrl} (chain ${deployment.chainId})`);
console.log(`WLD:   ${deployment.token}`);
console.log(`Vault: ${deployment.vault}`);
console.log(`Deployment written to ${DEPLOYMENT_FILE}`);

const stop = async () => {
  await anvil.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
