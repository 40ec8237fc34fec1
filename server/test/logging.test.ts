import { sql } from 'drizzle-orm';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { loadConfig } from '../config';
import { CENSOR, createLogger, errorFields } from '../log';
import { testServer } from './harness';

/** Log lines as pino writes them (JSON, one per line), kept in memory. */
function memoryLog() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const anyone = { address: '0x0000000000000000000000000000000000000000' };

describe('structured logging without secrets or SQL', () => {
  const log = memoryLog();
  let s: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => (s = await testServer({}, { logger: log.logger })));
  afterAll(() => s.close());

  it('logs a failing query by kind, endpoint and SQLSTATE, without its SQL text or parameters; the reply stays Server busy', async () => {
    const { id } = (await runOp(s.db, 'notice.add', ['zh', '标题', '<p>内容</p>'])) as { id: number };
    await s.asOwner((owner) => owner.execute(sql`drop table notice_texts`));
    const reply = await s.call('publicapi/getNoticeDetail', anyone, { id: String(id) }, { language: 'en' });
    expect(reply).toMatchObject({ status: 0, info: 'Server busy, please try again later' });
    expect(log.parsed()).toEqual([
      expect.objectContaining({
        level: 50,
        service: 'api',
        endpoint: 'publicapi/getNoticeDetail',
        msg: 'unexpected error in a route',
        err: { kind: 'database', sqlstate: '42P01' },
      }),
    ]);
    const line = log.lines[0]!;
    expect(line).not.toMatch(/select|coalesce|notice_texts|Failed query|params/i);
    expect(line).not.toContain(`"${id}"`);
  });

  it('censors every secret a log call could carry: keys, tokens, guids, signatures, codes, SMTP URLs', () => {
    const mine = memoryLog();
    const config = loadConfig({
      API_KEY: 'api-key-secret-1',
      ADMIN_TOKEN: 'admin-token-secret-2',
      OPERATOR_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
      SMTP_URL: 'smtps://user:smtp-password-3@mail.example',
      NODE_ENV: 'test',
    });
    mine.logger.info({ config }, 'settings');
    mine.logger.info({ guid: 'guid-secret-4', signature: '0xsig-secret-5', sign: 'md5-secret-6', nonce: 'nonce-secret-7', code: '123456' }, 'request');
    mine.logger.info({ req: { headers: { authorization: 'Bearer admin-token-secret-2' } }, fields: { guid: 'guid-secret-4', code: '654321' } }, 'nested');
    const text = mine.lines.join('');
    for (const secret of [
      'api-key-secret-1',
      'admin-token-secret-2',
      'ab'.repeat(32),
      'smtp-password-3',
      'guid-secret-4',
      'sig-secret-5',
      'md5-secret-6',
      'nonce-secret-7',
      '123456',
      '654321',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const [settings] = mine.parsed() as [{ config: Record<string, unknown> }];
    expect(settings.config).toMatchObject({ apiKey: CENSOR, adminToken: CENSOR, operatorKey: CENSOR, smtp: { url: CENSOR }, port: config.port });
  });

  it('logs a chain error by its short message, not the RPC URL (a provider key) or the request', async () => {
    const client = createPublicClient({ transport: http('http://127.0.0.1:9/v3/provider-key-secret', { retryCount: 0 }) });
    const error = await client.getBlockNumber().catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain('provider-key-secret');
    const fields = errorFields(error);
    expect(JSON.stringify(fields)).not.toContain('provider-key-secret');
    expect(fields).toMatchObject({ kind: 'HttpRequestError', message: 'HTTP request failed.' });
  });

  it('reads LOG_LEVEL, refusing a level pino does not have', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: one of fatal, error/);
  });
});
