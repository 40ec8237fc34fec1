/**
 * Expiry notices closed during this visit (this page load). Closing hides the notice at once even when the
 * server's closeExpire fails, and Home, mounted again later in the visit, does not show it again.
 */
const closed = new Set<string>();

export const closeExpiryForVisit = (stakeId: string) => void closed.add(stakeId);
export const expiryClosedThisVisit = (stakeId: string) => closed.has(stakeId);
