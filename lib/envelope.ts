import SparkMD5 from 'spark-md5';

/** Every value of a request body travels as a string. */
export type EnvelopeFields = Record<string, string>;

/** The JSON the sign covers: all fields except `sign`, keys sorted, values as strings. */
export function canonicalJson(fields: EnvelopeFields): string {
  const sorted: EnvelopeFields = {};
  for (const key of Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()) {
    sorted[key] = String(fields[key]);
  }
  return JSON.stringify(sorted);
}

/** sign = md5(canonical JSON + apiKey), as lowercase hex. Shared by the app and the server. */
export function signEnvelope(fields: EnvelopeFields, apiKey: string): string {
  return SparkMD5.hash(canonicalJson(fields) + apiKey);
}

/** Constant-shape comparison of a received sign against the expected one. */
export function verifyEnvelope(fields: EnvelopeFields, apiKey: string): boolean {
  const given = fields.sign ?? '';
  return given.toLowerCase() === signEnvelope(fields, apiKey);
}
