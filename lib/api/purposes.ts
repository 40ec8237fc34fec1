/** The endpoints whose calls carry a signed challenge (access 'signed' in ./contract; a test keeps the two equal). */
export const SIGNED_ACTIONS = ['investSave', 'investUpgrade', 'applyRedeem', 'confirmRedeem'] as const;

/** What a challenge from getNonce is for: sign-in, registration, or one signed action with its fields. */
export const PURPOSES = ['login', 'reg', ...SIGNED_ACTIONS] as const;
export type Purpose = (typeof PURPOSES)[number];
export type SignedAction = (typeof SIGNED_ACTIONS)[number];
