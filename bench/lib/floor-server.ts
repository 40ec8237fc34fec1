// bench:api's floor: the least a server can do for one of the API's calls on this stack. Hono on
// @hono/node-server, the same envelope check (form body, sorted-JSON md5 sign, ust window) and one SELECT
// of the user by address, on PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR). Prints its URL when listening.
import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { getAddress, isAddress } from 'viem';
import { verifyEnvelope } from '../../lib/envelope';

const apiKey = process.env.API_KEY ?? '';
const userByAddress = 'select * from users where address = $1 limit 1';
const select: (address: string) => Promise<unknown[]> = process.env.DATABASE_URL
  ? ((pool) => async (address) => (await pool.query(userByAddress, [address])).rows)(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }))
  : ((client) => async (address) => (await client.query(userByAddress, [address])).rows)(new PGlite(process.env.DATA_DIR));

const app = new Hono();
app.post('/api/v1/*', async (c) => {
  const fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
  const address = fields.address ?? '';
  if (!isAddress(address, { strict: false })) return c.json({ status: 0, info: 'Invalid address', data: {} });
  if (!verifyEnvelope(fields, apiKey)) return c.json({ status: 0, info: 'Request signature is invalid', data: {} });
  if (Math.abs(Date.now() / 1000 - Number(fields.ust)) > 300) return c.json({ status: 0, info: 'Request expired', data: {} });
  const [user] = await select(getAddress(address));
  if (!user) return c.json({ status: 0, info: '301', data: {} });
  return c.json({ status: 1, info: 'ok', data: user });
});

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, (info) => console.log(`FLOOR: http://127.0.0.1:${info.port}`));
// Exits on SIGTERM (how the bench stops it), so a --cpu-prof run writes its profile.
process.on('SIGTERM', () => process.exit(0));
