import type { Context } from 'hono';
import { type Address, getAddress } from 'viem';
import { field } from '../../lib/api/fields';
import { z } from 'zod';
import { verifyEnvelope } from '../../lib/envelope';
import type { ApiLanguage } from '../../lib/i18n';
import { API_LANGUAGES } from '../../lib/languages';
import type { Clock } from '../clock';
import { AppError } from '../errors';

export type Envelope = {
  fields: Record<string, string>;
  files: Map<string, File[]>;
  address: Address;
  language: ApiLanguage;
  guid?: string;
  /** The browser's Origin header, when it sent one (sign-in messages name the site). */
  origin?: string;
};

/** The language to answer in, read before anything else is validated. */
export function requestLanguage(fields: Record<string, string>): ApiLanguage {
  const value = fields.language;
  return (API_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as ApiLanguage) : 'zh';
}

/** Every envelope request carries these besides its endpoint's own input fields. */
export const ENVELOPE_FIELDS = ['ust', 'language', 'address', 'sign', 'guid'] as const;
/**
 * No endpoint takes more than a dozen fields; a body with more parts than this is refused (400) before a single
 * field is kept, so a body of a million tiny keys costs one bounded scan, not a parse, sort and hash of each.
 */
export const MAX_FIELDS = 32;

/** Reads a form-encoded, JSON or multipart body into string fields (files apart); duplicates are refused. */
export type Body = { fields: Record<string, string>; files: Map<string, File[]>; origin?: string; problem?: AppError };

/** A body refused as a whole (too many parts, or too large): answered with this HTTP status, before any field is checked. */
export class BodyRefused extends AppError {
  constructor(
    readonly status: 400 | 413,
    key: 'tooManyFields' | 'bodyTooLarge' | 'photoTooLarge',
  ) {
    super(key);
  }
}

const tooWide = () => new BodyRefused(400, 'tooManyFields');

/**
 * `allowed`: the keys this endpoint reads (its input schema, the envelope fields, and for a signed endpoint the
 * nonce and signature; for the upload, its file part). Any other key is refused by name and never kept, so the
 * md5 sign is only ever computed over keys the endpoint knows (see verifyRequest).
 */
export async function readBody(c: Context, allowed: ReadonlySet<string>): Promise<Body> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const body: Body = { fields: {}, files: new Map(), origin: c.req.header('origin') };
  if (type === 'application/x-www-form-urlencoded') {
    const text = await c.req.text();
    // Counted on the raw text first: the parser below would otherwise materialise every pair.
    if (text.split('&', MAX_FIELDS + 1).length > MAX_FIELDS) throw tooWide();
    // URLSearchParams over the text, not the framework's generic body parser, which does more per call for the same pairs.
    for (const [key, value] of new URLSearchParams(text)) putField(body, allowed, key, value);
  } else if (type === 'application/json') {
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      throw new AppError('invalidField', { field: 'body' });
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new AppError('invalidField', { field: 'body' });
    const entries = Object.entries(json);
    if (entries.length > MAX_FIELDS) throw tooWide();
    for (const [key, value] of entries) {
      if (['string', 'number', 'boolean'].includes(typeof value)) putField(body, allowed, key, String(value));
      else reject(body, key);
    }
  } else if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      // A missing boundary, a truncated part or bad framing: the client's fault, named like any bad field.
      throw new AppError('invalidField', { field: 'body' });
    }
    let count = 0;
    for (const [key, value] of form) {
      if (++count > MAX_FIELDS) throw tooWide();
      if (typeof value === 'string') putField(body, allowed, key, value);
      else if (!allowed.has(key)) reject(body, key);
      else body.files.set(key, [...(body.files.get(key) ?? []), value]);
    }
  } else {
    throw new AppError('invalidField', { field: 'content-type' });
  }
  return body;
}

/** The first problem is reported after the language field is known, so the reply can be localised. */
const reject = (body: Body, field: string) => (body.problem ??= new AppError('invalidField', { field }));

function putField(body: Body, allowed: ReadonlySet<string>, key: string, value: string) {
  if (!allowed.has(key) || key in body.fields) reject(body, key);
  else body.fields[key] = value;
}

const common = z.object({
  ust: z.string().regex(/^\d{1,12}$/),
  language: z.enum(API_LANGUAGES),
  address: field.address,
  sign: z.string().regex(/^[0-9a-fA-F]{32}$/),
  guid: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{64}$/)]).optional(),
});

/** Checks the common fields, the md5 sign and the ust window; returns the verified envelope. */
export function verifyRequest(body: Body, opts: { apiKey: string; ustWindowSeconds: number; clock: Clock }): Envelope {
  if (body.problem) throw body.problem;
  const parsed = common.safeParse(body.fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
    throw new AppError(field === 'address' ? 'invalidAddress' : 'invalidField', { field });
  }
  if (!verifyEnvelope(body.fields, opts.apiKey)) throw new AppError('badSign');
  const skew = Math.abs(opts.clock.now().getTime() / 1000 - Number(parsed.data.ust));
  if (skew > opts.ustWindowSeconds) throw new AppError('staleUst');
  return {
    fields: body.fields,
    files: body.files,
    address: getAddress(parsed.data.address),
    language: parsed.data.language,
    guid: parsed.data.guid || undefined,
    origin: body.origin,
  };
}
