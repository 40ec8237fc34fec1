// How long the API takes to refuse hostile bodies: `npm run bench:body-limits [runs]`. The server's own work
// is timed through its fetch handler (the API server on in-memory PGlite, no socket, no client in the way):
// from the request to the end of the reply, the median and the worst of RUNS answers for each body. The
// target is an answer (413 or 400) in under 10 ms. Figures only, never asserted.
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createApp } from '../server/http/app';

const RUNS = Number(process.argv[2] ?? 21);
const database = await openDatabase({});
const app = createApp({ db: database.db, clock: systemClock, config: loadConfig({ NODE_ENV: 'test', API_KEY: 'bench-key' }) });

/** POSTs the body (with Content-Length, or streamed in 64 KiB chunks without one); the status and the ms to the reply's end. */
async function post(body: Buffer, type: string, chunked: boolean): Promise<{ status: number; ms: number }> {
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 64 * 1024) controller.enqueue(body.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
  const headers: Record<string, string> = {
    'content-type': type,
    ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
  };
  const req = new Request('http://127.0.0.1/api/v1/publicapi/getNonce', {
    method: 'POST',
    headers,
    body: chunked ? stream() : body,
    duplex: 'half',
  } as RequestInit);
  const t0 = performance.now();
  const res = await app.fetch(req);
  await res.text();
  return { status: res.status, ms: performance.now() - t0 };
}

const keys = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `k${i}=1`).join('&'));
const cases: [string, Buffer, string, boolean][] = [
  ['10.9 MB form, 1.2 M keys, Content-Length', keys(1_200_000), 'application/x-www-form-urlencoded', false],
  ['10.9 MB form, 1.2 M keys, chunked', keys(1_200_000), 'application/x-www-form-urlencoded', true],
  ['60 KiB form, 7,000 keys', keys(7_000), 'application/x-www-form-urlencoded', false],
  [
    '60 KiB JSON, 5,000 keys',
    Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, '1'])))),
    'application/json',
    false,
  ],
  ['malformed multipart', Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--'), 'multipart/form-data; boundary=y', false],
];

console.log(`body refusals by the API's fetch handler, ${RUNS} runs each (median / worst):`);
for (const [name, body, type, chunked] of cases) {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await post(body, type, chunked));
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(44)} HTTP ${[...new Set(results.map((r) => r.status))].join('/')}  ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms / ${ms.at(-1)!.toFixed(1)} ms`,
  );
}
await database.close();
process.exit(0);
