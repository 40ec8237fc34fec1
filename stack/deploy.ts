import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Address, type Hex, createPublicClient, createWalletClient, http, isAddressEqual, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { LOCAL_DEPLOYMENT_FILE } from '../lib/local-stack';
import { LOCAL_ROLES, anvilAccount } from './accounts';

export type Deployment = { chainId: number; rpcUrl: string; token: Address; vault: Address; blockNumber: string };

export const DEPLOYMENT_FILE = LOCAL_DEPLOYMENT_FILE;
export const LOCAL_FEE = parseEther('0.001');
/** The local Vault's payout caps: 100,000 WLD per payout, 1,000,000 WLD per UTC day (`npm run vault:owner` changes them). */
export const LOCAL_PAYOUT_CAP = parseEther('100000');
export const LOCAL_DAILY_PAYOUT_CAP = parseEther('1000000');
/** Above it a local payout needs two approvers' signatures on chain: the server's default console threshold. */
export const LOCAL_APPROVAL_THRESHOLD = parseEther('10000');
const FUNDED_ACCOUNTS = 10;
const FUNDING = parseEther('1000000');

let built = false;

/** The contract's bytecode from a forge build of the current sources (forge's cache makes a repeat ~1 s). */
function bytecode(name: string): Hex {
  if (!built) execFileSync('../node_modules/.bin/forge', ['build', '--silent'], { cwd: 'contracts', stdio: 'inherit' });
  built = true;
  return JSON.parse(readFileSync(`contracts/out/${name}.sol/${name}.json`, 'utf8')).bytecode.object as Hex;
}

/**
 * Deploys WLD and the Vault from anvil's first account, funds the first accounts with WLD, names the payout
 * operator, and names the deployer (the local console's admin operator: console-operator.ts) the Vault's
 * approver, with the approval threshold. Everything after the two deployments, so their addresses stay. On a chain that already has them (a restart with saved state) it deploys nothing. The
 * deployment is written to `file`, unless it is null (a caller that only needs the chain).
 */
export async function deployLocal(rpcUrl: string, file: string | null = DEPLOYMENT_FILE): Promise<Deployment> {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const deployer = anvilAccount(LOCAL_ROLES.deployer);
  const wallet = createWalletClient({ chain, account: deployer, transport: http(rpcUrl) });
  const chainId = await publicClient.getChainId();

  if (!(await publicClient.getCode({ address: LOCAL_VAULT }))) {
    const nonce = await publicClient.getTransactionCount({ address: deployer.address });
    if (nonce !== 0) throw new Error(`deployer nonce is ${nonce}; local addresses need a fresh chain`);
    const tokenTx = await wallet.deployContract({ abi: wldTokenAbi, bytecode: bytecode('WLDToken'), args: [deployer.address] });
    const token = (await publicClient.waitForTransactionReceipt({ hash: tokenTx })).contractAddress;
    const vaultTx = await wallet.deployContract({
      abi: vaultAbi,
      bytecode: bytecode('Vault'),
      args: [deployer.address, LOCAL_TOKEN, LOCAL_FEE, LOCAL_PAYOUT_CAP, LOCAL_DAILY_PAYOUT_CAP],
    });
    const vault = (await publicClient.waitForTransactionReceipt({ hash: vaultTx })).contractAddress;
    if (!token || !vault || !isAddressEqual(token, LOCAL_TOKEN) || !isAddressEqual(vault, LOCAL_VAULT))
      throw new Error(`unexpected addresses ${token} ${vault}`);
    for (let i = 0; i < FUNDED_ACCOUNTS; i++) {
      const hash = await wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'mint', args: [anvilAccount(i).address, FUNDING] });
      await publicClient.waitForTransactionReceipt({ hash });
    }
    const op = await wallet.writeContract({
      address: LOCAL_VAULT,
      abi: vaultAbi,
      functionName: 'setOperator',
      args: [anvilAccount(LOCAL_ROLES.operator).address, true],
    });
    await publicClient.waitForTransactionReceipt({ hash: op });
    await setApprovers(rpcUrl, [deployer.address]);
    const threshold = await wallet.writeContract({
      address: LOCAL_VAULT,
      abi: vaultAbi,
      functionName: 'setApprovalThreshold',
      args: [LOCAL_APPROVAL_THRESHOLD],
    });
    await publicClient.waitForTransactionReceipt({ hash: threshold });
  }

  const deployment: Deployment = {
    chainId,
    rpcUrl,
    token: LOCAL_TOKEN,
    vault: LOCAL_VAULT,
    blockNumber: (await publicClient.getBlockNumber()).toString(),
  };
  if (file !== null) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(deployment, null, 2) + '\n');
  }
  return deployment;
}

/** The owner (the local deployer) names `approvers` on the local Vault: their signatures approve payouts. */
export async function setApprovers(rpcUrl: string, approvers: readonly Address[], enabled = true): Promise<void> {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const owner = createWalletClient({ chain, account: anvilAccount(LOCAL_ROLES.deployer), transport: http(rpcUrl) });
  for (const approver of approvers) {
    await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'setApprover', args: [approver, enabled] }),
    });
  }
}

/**
 * A fresh local stack's receiving address for community application fees (LOCAL_ROLES.receiver), added by the
 * owner when the Vault has none: without one nobody can apply to found a community until the owner adds one on
 * /manager. Returns the address when it added it (the seed's first run), else undefined.
 */
export async function seedReceiver(rpcUrl: string): Promise<Address | undefined> {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  if ((await publicClient.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'receiverCount' })) > 0n) return undefined;
  const owner = createWalletClient({ chain, account: anvilAccount(LOCAL_ROLES.deployer), transport: http(rpcUrl) });
  const receiver = anvilAccount(LOCAL_ROLES.receiver).address;
  await publicClient.waitForTransactionReceipt({
    hash: await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'addReceiver', args: [receiver] }),
  });
  return receiver;
}
