// `npm run vault:info`: reads the local Vault's owner, ETH fee, receiving addresses, approvers and approval
// threshold (what `cast call` would show).
import { readFileSync } from 'node:fs';
import { createPublicClient, formatEther, http } from 'viem';
import { vaultAbi, wldTokenAbi } from '../abi';
import { DEPLOYMENT_FILE, type Deployment } from '../stack/deploy';

// npm run chain writes DEPLOYMENT_FILE; npm start keeps its own in .data/deployment.json (pass DEPLOYMENT_FILE=…).
const deployment = JSON.parse(readFileSync(process.env.DEPLOYMENT_FILE ?? DEPLOYMENT_FILE, 'utf8')) as Deployment;
const client = createPublicClient({ transport: http(deployment.rpcUrl) });
const read = <F extends 'owner' | 'fee' | 'receiverCount' | 'allReceivers' | 'approvers' | 'approvalThreshold'>(functionName: F) =>
  client.readContract({ address: deployment.vault, abi: vaultAbi, functionName });

const [owner, fee, count, receivers, approvers, threshold, held] = await Promise.all([
  read('owner'),
  read('fee'),
  read('receiverCount'),
  read('allReceivers'),
  read('approvers'),
  read('approvalThreshold'),
  client.readContract({ address: deployment.token, abi: wldTokenAbi, functionName: 'balanceOf', args: [deployment.vault] }),
]);
console.log(`vault          ${deployment.vault} on chain ${deployment.chainId}`);
console.log(`owner()        ${owner}`);
console.log(`fee()          ${fee} wei (${formatEther(fee)} ETH)`);
console.log(`receiverCount() ${count}`);
console.log(`allReceivers() [${receivers.join(', ')}]`);
console.log(`approvers()    [${approvers.join(', ')}]`);
console.log(`approvalThreshold() ${formatEther(threshold)} WLD (above it two approvers sign a payout)`);
console.log(`WLD held       ${held} base units`);
