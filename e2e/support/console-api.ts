import { createPublicClient, createWalletClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import type { PayoutTypedData } from '../../lib/console-api/replies';
import { LOCAL_ROLES, anvilAccount } from '../../stack/accounts';

const chain = () => ({ ...foundry, id: Number(process.env.CHAIN_ID), rpcUrls: { default: { http: [process.env.CHAIN_URL!] } } });
const consoleOrigin = () => new URL(process.env.CONSOLE_URL!).origin;

/** The Vault's owner (the local deployer) names development `accounts` approvers: their signatures approve payouts. */
export async function nameApprovers(...accounts: number[]) {
  const client = createPublicClient({ chain: chain(), transport: http() });
  const owner = createWalletClient({ chain: chain(), account: anvilAccount(LOCAL_ROLES.deployer), transport: http() });
  for (const account of accounts) {
    const hash = await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'setApprover', args: [anvilAccount(account).address, true] });
    await client.waitForTransactionReceipt({ hash });
  }
}

/** An operator's console session from Node, as the page signs in (same origin): calls with the cookie and CSRF token. */
export async function consoleSession(account: number) {
  const headers = { 'content-type': 'application/json', origin: consoleOrigin() };
  const post = (name: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${consoleOrigin()}/console/api/${name}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const operator = anvilAccount(account);
  const nonce = (await (await post('getNonce', { address: operator.address })).json()) as { data: { message: string } };
  const login = await post('login', { message: nonce.data.message, signature: await operator.signMessage({ message: nonce.data.message }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { data } = (await login.json()) as { data: { csrfToken: string } };
  return {
    call: (name: string, body: unknown) => post(name, body, { cookie, 'x-csrf-token': data.csrfToken }),
    withoutToken: (name: string, body: unknown) => post(name, body, { cookie }),
  };
}

/**
 * Operator `account` approves withdrawal `id` as the console's page does: the typed data from approvalMessage,
 * signed (EIP-712), sent to approveWithdrawal. Answers the reply's data.
 */
export async function approveSigned(account: number, id: string) {
  const session = await consoleSession(account);
  const asked = (await (await session.call('approvalMessage', { id })).json()) as { data: { typedData: PayoutTypedData } };
  const t = asked.data.typedData;
  const signature = await anvilAccount(account).signTypedData({
    ...t,
    message: { ...t.message, requestId: BigInt(t.message.requestId), amount: BigInt(t.message.amount) },
  });
  return ((await (await session.call('approveWithdrawal', { id, signature })).json()) as { data: { outcome: string } }).data;
}
