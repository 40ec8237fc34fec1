// `npm run vault:info`: reads the local Vault's owner, ETH fee and receiving addresses (what `cast call` would show).
import { readFileSync } from 'node:fs';
import { createPublicClient, formatEther, http } from 'viem';
import { vaultAbi, wldTokenAbi } from '../abi';
import { DEPLOYMENT_FILE, type Deployment } from '../stack/deploy';

// npm run chain writes DEPLOYMENT_FILE; npm start keeps its own in .data/deployment.json (pass DEPLOYMENT_FILE=…).
const deployment = JSON.parse(readFileSync(process.env.DEPLOYMENT_FILE ?? DEPLOYMENT_FILE, 'utf8')) as Deployment;
const client = createPublicClient({ transport: http(deployment.rpcUrl) });
const read = <F extends 'owner' | 'fee' | 'receiverCount' | 'allReceivers'>(functionName: F) =>
  client.readContract({ address: deployment.vault, abi: vaultAbi, functionName });

const [owner, fee, count, receivers, held] = await Promise.all([
  read('owner'),
  read('fee'),
  read('receiverCount'),
  read('allReceivers'),
  client.readContract({ address: deployment.token, abi: wldTokenAbi, functionName: 'balanceOf', args: [deployment.vault] }),
]);
console.log(`vault          ${deployment.vault} on chain ${deployment.chainId}`);
console.log(`owner()        ${owner}`);
console.log(`fee()          ${fee} wei (${formatEther(fee)} ETH)`);
console.log(`receiverCount() ${count}`);
console.log(`allReceivers() [${receivers.join(', ')}]`);
console.log(`WLD held       ${held} base units`);
