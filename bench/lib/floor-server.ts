// bench:api's floor: the least a server can do for one of the API's calls on this stack. Hono on
// @hono/node-server, the same envelope check (form body, sorted-JSON md5 sign, ust window) and one SELECT
// of the user by address, on PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR). Prints its URL when listening.
// The signed write's two calls do the least a signed write can: getNonce stores a nonce and the message to sign
// (one INSERT more); investSave spends the nonce (one UPDATE), checks the wallet's signature of its message with
// the product's own signer, and writes one row (one INSERT).
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { type Hex, getAddress, isAddress } from 'viem';
import { verifyEnvelope } from '../../lib/envelope';
import { isSignedBy } from '../../server/auth/signer';

const apiKey = process.env.API_KEY ?? '';
const userByAddress = 'select * from users where address = $1 limit 1';
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
const query: Query = process.env.DATABASE_URL
  ? (
      (pool) => async (text, params) =>
        (await pool.query(text, params)).rows
    )(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }))
  : (
      (client) => async (text, params) =>
        (await client.query<Record<string, unknown>>(text, params)).rows
    )(new PGlite(process.env.DATA_DIR));
await query(
  'create table if not exists floor_nonces (nonce text primary key, address text not null, message text not null, used boolean not null default false)',
  [],
);
await query('create table if not exists floor_writes (id serial primary key, address text not null, nonce text not null)', []);

/** The wallet's nonce and the message it signs. */
async function issueNonce(address: string) {
  const nonce = randomBytes(16).toString('hex');
  // As long as the product's (two blocks of keccak): what it asks, the account, the nonce and the expiry.
  const message = `WLD Staking asks you to confirm:\n\nStake\n\nAccount: ${address}\nNonce: ${nonce}\nExpires: ${new Date(Date.now() + 300_000).toISOString()}`;
  await query('insert into floor_nonces (nonce, address, message) values ($1, $2, $3)', [nonce, address, message]);
  return { nonce, message };
}
/** Spends the nonce once, if the wallet signed its message, and writes the row. */
async function signedWrite(address: string, nonce: string, signature: string): Promise<string | null> {
  const [spent] = await query('update floor_nonces set used = true where nonce = $1 and address = $2 and not used returning message', [nonce, address]);
  if (!spent) return 'Nonce is invalid';
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature) || !isSignedBy(String(spent.message), signature as Hex, address as Hex)) return 'Signature is invalid';
  await query('insert into floor_writes (address, nonce) values ($1, $2)', [address, nonce]);
  return null;
}

const app = new Hono();
app.post('/api/v1/*', async (c) => {
  const fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
  const address = fields.address ?? '';
  if (!isAddress(address, { strict: false })) return c.json({ status: 0, info: 'Invalid address', data: {} });
  if (!verifyEnvelope(fields, apiKey)) return c.json({ status: 0, info: 'Request signature is invalid', data: {} });
  if (Math.abs(Date.now() / 1000 - Number(fields.ust)) > 300) return c.json({ status: 0, info: 'Request expired', data: {} });
  const [user] = await query(userByAddress, [getAddress(address)]);
  if (!user) return c.json({ status: 0, info: '301', data: {} });
  if (c.req.path.endsWith('/getNonce')) return c.json({ status: 1, info: 'ok', data: await issueNonce(getAddress(address)) });
  if (c.req.path.endsWith('/investSave')) {
    const refused = await signedWrite(getAddress(address), fields.nonce ?? '', fields.signature ?? '');
    return c.json(refused ? { status: 0, info: refused, data: {} } : { status: 1, info: 'ok', data: {} });
  }
  return c.json({ status: 1, info: 'ok', data: user });
});

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, (info) => console.log(`FLOOR: http://127.0.0.1:${info.port}`));
// Exits on SIGTERM (how the bench stops it), so a --cpu-prof run writes its profile.
process.on('SIGTERM', () => process.exit(0));
