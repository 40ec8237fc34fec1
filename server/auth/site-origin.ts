import { siteOrigin } from '../config';
import { AppError } from '../errors';

/**
 * The site a sign-in message names (EIP-4361's domain and URI): the request's Origin when it is one of the
 * app's own, the first of them for a client that sends none (not a browser page). A page on any other origin
 * is refused, so a phishing site can never obtain a message for this product that names itself.
 */
export function signInOrigin(appOrigins: readonly string[], requestOrigin: string | undefined): string {
  const [site] = appOrigins;
  if (!site) throw new Error('no app origin configured');
  if (requestOrigin === undefined) return site;
  const origin = siteOrigin(requestOrigin);
  if (origin !== undefined && appOrigins.includes(origin)) return origin;
  throw new AppError('foreignOrigin', { site });
}
