/**
 * Why the ledger (not an operator) refused a withdrawal or transfer: the `reason` of its record. The app
 * words these in the reader's language; an operator's audit reason is free text and shown as written.
 */
export const SYSTEM_REASONS = { notMember: 'not-member', insufficient: 'insufficient-balance', belowMinimum: 'below-minimum', self: 'self' } as const;
export type SystemReason = (typeof SYSTEM_REASONS)[keyof typeof SYSTEM_REASONS];

/** The message key of each of the ledger's own refusals. */
const REASON_KEYS: Record<SystemReason, string> = {
  'not-member': 'transfer.notMember',
  self: 'transfer.self',
  'insufficient-balance': 'errors.insufficientBalance',
  'below-minimum': 'records.belowMinimum',
};

/** The message key of a refusal's reason when it is the ledger's own; undefined for an operator's free text. */
export const reasonKey = (reason: string): string | undefined => (Object.hasOwn(REASON_KEYS, reason) ? REASON_KEYS[reason as SystemReason] : undefined);
