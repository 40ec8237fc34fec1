import { API_LANGUAGES } from '../../lib/languages';
import type { ConsoleLanguage } from '../../lib/console-api/inputs';
import type { Withdrawal } from '../../lib/console-api/replies';

// The page takes only types from lib/console-api/inputs.ts (its zod schemas stay out of the console's bundle);
// these lists mirror its constants, and constants.test.ts fails when they drift apart.

/** The five content languages, in the members' API codes; zh is required. */
export const LANGUAGES: readonly ConsoleLanguage[] = API_LANGUAGES;
export const WITHDRAWAL_STATUS_LIST = [
  'under-review',
  'audit-failed',
  'audit-successful',
  'failed-insufficient',
] as const satisfies readonly Withdrawal['status'][];
export const ROLE_LIST = ['auditor', 'support', 'editor', 'admin'] as const;
