/**
 * Why the ledger (not an operator) refused a withdrawal or transfer: the `reason` of its record. The app
 * words these in the reader's language; an operator's audit reason is free text and shown as written.
 */
export const SYSTEM_REASONS = { notMember: 'not-member', insufficient: 'insufficient-balance', belowMinimum: 'below-minimum', self: 'self' } as const;
export type SystemReason = (typeof SYSTEM_REASONS)[keyof typeof SYSTEM_REASONS];
