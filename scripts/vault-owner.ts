// `npm run vault:owner -- <command>`: the Vault owner's brakes on payouts (pause, caps) and the approvers whose
// signatures a payout needs, signed with the owner key.
// The manager screen (spec section 6) names only permissions, the fee and receiving addresses, so these live here.
import { readFileSync } from 'node:fs';
import { type Address, type Hex, createPublicClient, createWalletClient, formatEther, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { vaultAbi } from '../abi';
import { field } from '../lib/api/fields';
import { parseAddress } from '../lib/address';
import { AMOUNT_BOUNDS } from '../lib/money';
import { LOCAL_ROLES, anvilPrivateKey } from '../stack/accounts';
import { DEPLOYMENT_FILE, type Deployment } from '../stack/deploy';

const HELP = `Commands (the owner's key: OWNER_PRIVATE_KEY; on the local anvil chain, the deployer's by default):
  status                         paused or not, the caps, what recent payouts count against the daily cap, the operators
  pause | unpause                stop / resume payouts (recharges, requests and sweeps go on)
  caps <per payout> <per day>    the payout caps in WLD, e.g. caps 5000 50000 (0 refuses every payout)
  approver <address> on|off      names or removes an approver: their EIP-712 signature approves a payout
  threshold <WLD>                above it a payout needs two distinct approvers, at or below it one`;
const LOCAL_CHAIN_ID = 31337;
const wld = field.amount(AMOUNT_BOUNDS.payoutCap, 'a WLD amount such as 5000 or 0.5');
const address = z
  .string()
  .refine((v) => parseAddress(v).ok, 'an address (0x and 40 hex digits, not zero)')
  .transform((v) => getAddress(v) as Address);
const args = z.union([
  z.tuple([z.enum(['status', 'pause', 'unpause', 'help'])]),
  z.tuple([z.literal('caps'), wld, wld]),
  z.tuple([z.literal('approver'), address, z.enum(['on', 'off'])]),
  z.tuple([z.literal('threshold'), wld]),
]);

try {
  const parsed = args.safeParse(process.argv.slice(2));
  if (!parsed.success) throw new Error(HELP);
  const [command] = parsed.data;
  if (command === 'help') {
    console.log(HELP);
    process.exit(0);
  }
  // npm run chain writes DEPLOYMENT_FILE; npm start keeps its own in .data/deployment.json (pass DEPLOYMENT_FILE=…).
  const deployment = JSON.parse(readFileSync(process.env.DEPLOYMENT_FILE ?? DEPLOYMENT_FILE, 'utf8')) as Deployment;
  const client = createPublicClient({ transport: http(deployment.rpcUrl) });
  const vault = { address: deployment.vault, abi: vaultAbi } as const;
  if (command !== 'status') {
    const key = process.env.OWNER_PRIVATE_KEY ?? (deployment.chainId === LOCAL_CHAIN_ID ? anvilPrivateKey(LOCAL_ROLES.deployer) : undefined);
    if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new Error("OWNER_PRIVATE_KEY: the Vault owner's private key (0x + 64 hex digits) is required off the local chain");
    const wallet = createWalletClient({ account: privateKeyToAccount(key as Hex), transport: http(deployment.rpcUrl) });
    const data = parsed.data;
    const hash =
      data[0] === 'caps'
        ? await wallet.writeContract({ ...vault, chain: null, functionName: 'setPayoutCaps', args: [data[1], data[2]] })
        : data[0] === 'approver'
          ? await wallet.writeContract({ ...vault, chain: null, functionName: 'setApprover', args: [data[1], data[2] === 'on'] })
          : data[0] === 'threshold'
            ? await wallet.writeContract({ ...vault, chain: null, functionName: 'setApprovalThreshold', args: [data[1]] })
            : await wallet.writeContract({ ...vault, chain: null, functionName: data[0] === 'pause' ? 'pause' : 'unpause' });
    const receipt = await client.waitForTransactionReceipt({ hash });
    console.log(`${command}: ${receipt.status} in block ${receipt.blockNumber} (${hash})`);
  }
  const [paused, payoutCap, dailyPayoutCap, recentPayouts, allowance, operators, approvers, threshold] = await Promise.all([
    client.readContract({ ...vault, functionName: 'paused' }),
    client.readContract({ ...vault, functionName: 'payoutCap' }),
    client.readContract({ ...vault, functionName: 'dailyPayoutCap' }),
    client.readContract({ ...vault, functionName: 'recentPayouts' }),
    client.readContract({ ...vault, functionName: 'payoutAllowance' }),
    client.readContract({ ...vault, functionName: 'operators' }),
    client.readContract({ ...vault, functionName: 'approvers' }),
    client.readContract({ ...vault, functionName: 'approvalThreshold' }),
  ]);
  const line = (label: string, value: string) => console.log(`${label.padEnd(20)} ${value}`);
  line('vault', `${deployment.vault} on chain ${deployment.chainId}`);
  line('paused()', String(paused));
  line('payoutCap()', `${formatEther(payoutCap)} WLD per payout`);
  line('dailyPayoutCap()', `${formatEther(dailyPayoutCap)} WLD at once, refilled at that much per 24 hours`);
  line('recentPayouts()', `${formatEther(recentPayouts)} WLD still counting against it`);
  line('payoutAllowance()', `${formatEther(allowance)} WLD payable now`);
  line('operators()', operators.length ? operators.join(', ') : '(none)');
  line('approvers()', approvers.length ? approvers.join(', ') : '(none: nothing can be paid)');
  line('approvalThreshold()', `${formatEther(threshold)} WLD: above it two approvers sign a payout, at or below it one`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
