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
  // The run's time is taken here, up to its last reply: autocannon ends a run only at its next 1 s sample,
  // so its own duration rounds every run up to whole seconds (20,000 replies in 4.1 s counted as 5 s).
  const started = performance.now();
  let lastReply = started;
  return new Promise((resolve, reject) => {
    // Declared before autocannon starts: it may call back at once (a refused connection) before the timer is set.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
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
              lastReply = performance.now();
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
        finished = true;
        clearTimeout(timer);
        if (error) return reject(new Error(`load on ${spec.url} failed: ${error.message}`));
        const seconds = (lastReply - started) / 1000;
        resolve({
          requests: result.requests.total,
          seconds,
          rps: result.requests.total / seconds,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failed: failed + result.errors + result.timeouts,
          firstFailure,
        });
      },
    );
    if (!finished) timer = setTimeout(() => instance.stop(), spec.maxSeconds * 1000);
  });
}
