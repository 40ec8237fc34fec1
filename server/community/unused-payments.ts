import { inArray } from 'drizzle-orm';
import { type Address, type Hash, isAddressEqual } from 'viem';
import type { Db } from '../db/client';
import { communityApplications } from './tables';
import { type User, usersByAddress } from '../users/registry';
import { type FoundPayment, type PaymentChain, paymentsToReceivers } from './payment';

/** Of these payment hashes, those an application already carries. */
export const usedHashes = async (db: Db, hashes: Hash[]) =>
  new Set(
    hashes.length === 0
      ? []
      : (await db.select({ h: communityApplications.payHash }).from(communityApplications).where(inArray(communityApplications.payHash, hashes))).map(
          (r) => r.h,
        ),
  );

/**
 * The member's oldest payment of `amount` to a current receiving address that no application used: found on
 * chain, so a payment made before a refusal, a reload or another receiver picked is never paid twice.
 */
export async function unusedPayment(db: Db, chain: PaymentChain, user: User, amount: bigint): Promise<FoundPayment | undefined> {
  const payments = await paymentsToReceivers(chain, { from: user.address as Address, amount });
  const used = await usedHashes(
    db,
    payments.map((p) => p.hash),
  );
  return payments.find((p) => !used.has(p.hash));
}

/**
 * Operators: transfers to a receiving address that no application used (a payment refused and never
 * resubmitted, a wrong amount, a stranger's transfer), oldest first, with the member who sent it when known.
 */
export async function unmatchedPayments(db: Db, chain: PaymentChain | undefined) {
  if (!chain) throw new Error('no chain is configured (CHAIN_RPC_URL or the deployment file): payments cannot be looked up');
  const payments = await paymentsToReceivers(chain);
  const used = await usedHashes(
    db,
    payments.map((p) => p.hash),
  );
  const unmatched = payments.filter((p) => !used.has(p.hash));
  const members = await usersByAddress(db, [...new Set(unmatched.map((p) => p.from))]);
  return unmatched.map((p) => ({
    pay_hash: p.hash,
    from: p.from,
    user_id: String(members.find((m) => isAddressEqual(m.address as Address, p.from))?.id ?? ''),
    receiver: p.to,
    amount: p.amount.toString(),
    block: p.block.toString(),
  }));
}
