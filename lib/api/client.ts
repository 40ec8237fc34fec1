import type { ApiContext } from './request';

export type { ApiContext } from './request';

/** Why a call failed: the server said no, the user must register ('301') or log in ('302'), or no answer. */
export type ApiFailureKind = 'server' | 'register' | 'login' | 'refused' | 'network';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POSTs form-encoded (a CORS "simple" request: no preflight), or multipart when `files` are given (the
 * string fields signed as always, the files not), and unwraps { status, info, data }.
 * status ≠ 1 throws ApiError: info '301' → 'register', '302' → 'login', otherwise 'server' with info.
 * A reply without data is 'refused' (shown as ERR_CONNECTION_REFUSED); a failed fetch is 'network'.
 */
export async function apiPost<T>(
  path: string,
  payload: Record<string, string>,
  ctx: ApiContext,
  fetchImpl: typeof fetch = fetch,
  files?: Record<string, Blob>,
): Promise<T> {
  let reply: { status?: unknown; info?: unknown; data?: unknown };
  // The signing code (viem's checksum, spark-md5) loads with the first call: not part of the first screen.
  const { buildRequest } = await import('./request');
  const fields = buildRequest(payload, ctx);
  try {
    const res = await fetchImpl(
      `${ctx.baseUrl.replace(/\/$/, '')}/api/v1/${path}`,
      files
        ? { method: 'POST', body: multipart(fields, files) }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(fields).toString(),
          },
    );
    reply = (await res.json().catch(() => ({}))) as typeof reply;
  } catch (error) {
    throw new ApiError('network', (error as Error).message);
  }
  return unwrapReply<T>(reply);
}

/** { status, info, data } → data, or the ApiError apiPost throws for it (also for a reply fetched elsewhere). */
export function unwrapReply<T>(reply: unknown): T {
  const r = reply as { status?: unknown; info?: unknown; data?: unknown } | null;
  if (!r || typeof r !== 'object' || !('data' in r)) throw new ApiError('refused', 'ERR_CONNECTION_REFUSED');
  if (r.status === 1) return r.data as T;
  const info = String(r.info ?? '');
  if (info === '301') throw new ApiError('register', info);
  if (info === '302') throw new ApiError('login', info);
  throw new ApiError('server', info);
}

/** A multipart body (the browser sets its boundary): the signed fields, then the file parts. */
function multipart(fields: Record<string, string>, files: Record<string, Blob>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) form.append(key, file);
  return form;
}
