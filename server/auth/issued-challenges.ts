import { LRUCache } from 'lru-cache';

/** What a signed call checks of its challenge before the wallet's signature: as stored (nonces), less the nonce and its use. */
export type IssuedChallenge = { address: string; purpose: string; params: string; message: string; expiresAt: Date };

/**
 * The action challenges this server issued and that are not spent yet, so that a signed call can check its
 * signature without reading the challenge back first and use it up in its own statement (server/auth/signed-statement.ts).
 * Only a shortcut: the statement still requires the stored row, unused, unexpired, of this address, action, fields and
 * message, so a challenge missing here (issued by another server, evicted, after a restart) is read as before.
 * Bounded in count, and an entry lives no longer than a challenge does.
 */
export class IssuedChallenges {
  private readonly byNonce: LRUCache<string, IssuedChallenge>;

  constructor(ttlSeconds: number, max = 10_000) {
    this.byNonce = new LRUCache({ max, ttl: ttlSeconds * 1000 });
  }

  remember(nonce: string, challenge: IssuedChallenge): void {
    this.byNonce.set(nonce, challenge);
  }

  /** The challenge of this nonce if it was issued here to this address, forgotten from now on (a nonce is spent once). */
  take(nonce: string, address: string): IssuedChallenge | undefined {
    const found = this.byNonce.get(nonce);
    if (found?.address !== address) return undefined;
    this.byNonce.delete(nonce);
    return found;
  }
}
