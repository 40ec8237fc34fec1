import { LOCAL_ROLES, anvilAccount } from './accounts';

type OpReply = { status: number; body: { result?: unknown; error?: string } };

/**
 * Makes the local deployer (anvil account 0, the Vault's owner) an admin of the operator console so
 * the console is usable on `npm start`: through the admin port's CLI endpoint with the admin token, the same way
 * an operator adds the first one in production (`npm run admin -- operator.add <address> admin`). Does nothing
 * when it already is one. Returns its address.
 */
export async function ensureConsoleAdmin(adminPort: number, token: string): Promise<`0x${string}`> {
  const address = anvilAccount(LOCAL_ROLES.deployer).address;
  const op = async (name: string, args: string[]): Promise<OpReply> => {
    const res = await fetch(`http://127.0.0.1:${adminPort}/admin/op`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ op: name, args }),
    });
    return { status: res.status, body: (await res.json()) as OpReply['body'] };
  };
  const list = await op('operators.list', []);
  if (list.status !== 200) throw new Error(`operators.list: ${list.body.error ?? list.status}`);
  const known = (list.body.result as { address: string; active: boolean; roles: string[] }[]).find((o) => o.address === address);
  if (known?.active && known.roles.includes('admin')) return address;
  const added = known?.active ? await op('operator.roles', [address, 'admin']) : await op('operator.add', [address, 'admin', 'local stack deployer']);
  if (added.status !== 200) throw new Error(`console admin ${address}: ${added.body.error ?? added.status}`);
  return address;
}
