// Load for bench:api: autocannon (keep-alive connections on loopback), bounded both in requests and in time.
// Each request's body comes from `body()`; every reply is read, and any that is not `status: 1` is counted.
import autocannon from 'autocannon';

export type LoadResult = { requests: number; seconds: number; rps: number; p50: number; p99: number; failed: number; firstFailure?: string };
export type LoadSpec = {
  url: string;
  body: (context: Record<string, unknown>) => string;
  /** Called with each successful reply's data (and the context `body` saw), e.g. to keep the nonces getNonce hands out. */
  onData?: (data: Record<string, unknown>, context: Record<string, unknown>) => void;
  connections: number;
  amount: number;
  maxSeconds: number;
};

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let failed = 0;
  let firstFailure: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: 'POST',
        connections: spec.connections,
        amount: spec.amount,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        requests: [
          {
            setupRequest: (request, context) => ({ ...request, body: spec.body(context as Record<string, unknown>) }),
            onResponse: (status, body, context) => {
              const reply = status === 200 ? (JSON.parse(body) as { status: number; info: string; data: Record<string, unknown> }) : undefined;
              if (reply?.status === 1) spec.onData?.(reply.data, context as Record<string, unknown>);
              else {
                failed += 1;
                firstFailure ??= `${status} ${reply?.info ?? body.slice(0, 200)}`;
              }
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        const seconds = result.duration;
        resolve({ requests: result.requests.total, seconds, rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, failed: failed + result.errors + result.timeouts, firstFailure });
      },
    );
    const timer = setTimeout(() => instance.stop(), spec.maxSeconds * 1000);
  });
}
