import type { Address, Hex, PublicClient, WalletClient } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import { type Reply, call } from './client';
import type { ServerProcess } from './server';

export type Member = { account: LocalAccount; guid: string; wallet: WalletClient };
/** Where the drill stands when a call starts: before the kill, while PostgreSQL is down or recovering, after both servers answered again. */
export type Phase = 'before' | 'outage' | 'recovering' | 'after';

/** One stake asked for over the API: its signed fields (kept to send again), the reply, and when it was sent. */
export type StakeCall = { member: Member; server: ServerProcess; phase: Phase; fields?: Record<string, string>; reply?: Reply; error?: string };
/** One Vault request on chain (requestWithdraw or requestTransfer): acknowledged once its receipt says success. */
export type ChainRequest = { member: Member; kind: 'withdraw' | 'transfer'; hash: Hex; acknowledged: boolean };

/** Vault requests per member: the chain never goes down, so without a bound they would outnumber the stakes in a long outage. */
const REQUESTS_EACH = 8;

export const acknowledged = (c: StakeCall) => c.reply?.status === 1;
export const pledgeId = (c: StakeCall) => Number(c.reply!.data.pledge_id);

/**
 * The members' writes, each member in a loop of its own until `stop()`: stakes signed over the API (alternating
 * between the two servers, each with a fresh challenge), and every third write a Vault request on chain (a 1 WLD
 * withdrawal or a 1 WLD transfer to the next member), at most REQUESTS_EACH of them. A failed call is kept with the fields it signed and retried
 * after 100 ms with a new one, so the outage's failures stay bounded in count.
 */
export function startLoad(opts: {
  members: Member[];
  servers: ServerProcess[];
  client: PublicClient;
  fee: bigint;
  stake: { order_id: string; day_id: string };
  phase: () => Phase;
}) {
  const stakes: StakeCall[] = [];
  const requests: ChainRequest[] = [];
  let stopping = false;
  const worker = async (member: Member, index: number) => {
    let requested = 0;
    for (let i = index; !stopping; i++) {
      if (i % 3 === 2 && requested++ < REQUESTS_EACH) {
        const to = opts.members[(index + 1) % opts.members.length]!.account.address;
        requests.push(await vaultRequest(opts.client, member, i % 2 === 0 ? 'withdraw' : 'transfer', to, opts.fee));
        continue;
      }
      const attempt = await stakeOnce(opts.servers[i % opts.servers.length]!, member, opts.stake, opts.phase());
      stakes.push(attempt);
      if (!acknowledged(attempt)) await new Promise((r) => setTimeout(r, 100));
    }
  };
  const workers = Promise.all(opts.members.map(worker));
  return {
    stakes,
    requests,
    stop: async () => {
      stopping = true;
      await workers;
    },
  };
}

/** A fresh challenge, the wallet's signature and investSave, on one server; a call that got no reply keeps why. */
async function stakeOnce(server: ServerProcess, member: Member, stake: Record<string, string>, phase: Phase): Promise<StakeCall> {
  const address = member.account.address;
  const attempt: StakeCall = { member, server, phase };
  try {
    const challenge = await call(server.apiUrl, 'publicapi/getNonce', address, { purpose: 'investSave', ...stake }, member.guid);
    if (challenge.status !== 1) return { ...attempt, reply: challenge };
    const signature = await member.account.signMessage({ message: String(challenge.data.message) });
    attempt.fields = { ...stake, nonce: String(challenge.data.nonce), signature };
    attempt.reply = await call(server.apiUrl, 'investapi/investSave', address, attempt.fields, member.guid);
  } catch (error) {
    attempt.error = (error as Error).name === 'TimeoutError' ? 'no reply within the timeout' : `no reply: ${(error as Error).message}`;
  }
  return attempt;
}

async function vaultRequest(client: PublicClient, member: Member, kind: ChainRequest['kind'], to: Address, fee: bigint): Promise<ChainRequest> {
  const one = 10n ** 18n;
  const base = { address: LOCAL_VAULT, abi: vaultAbi, value: fee, account: member.account, chain: client.chain } as const;
  const hash =
    kind === 'withdraw'
      ? await member.wallet.writeContract({ ...base, functionName: 'requestWithdraw', args: [one] })
      : await member.wallet.writeContract({ ...base, functionName: 'requestTransfer', args: [to, one] });
  const receipt = await client.waitForTransactionReceipt({ hash });
  return { member, kind, hash, acknowledged: receipt.status === 'success' };
}

/** The stakes whose outcome the caller never learned (the signed call got no success reply): sent again, same nonce and signature. */
export async function resend(server: ServerProcess, unknown: StakeCall[]): Promise<StakeCall[]> {
  const again: StakeCall[] = [];
  for (const c of unknown) {
    const reply = await call(server.apiUrl, 'investapi/investSave', c.member.account.address, c.fields!, c.member.guid);
    again.push({ ...c, server, phase: 'after', reply, error: undefined });
  }
  return again;
}
