import type { SQL } from 'drizzle-orm';

/**
 * A condition a higher layer places in a lower domain's statement, so that both happen in one round trip: `cte`
 * is a common table expression named `guard` that yields one row when the condition held (and did its own
 * write, e.g. used up a signed challenge), over named placeholders whose `values` come with it. The statement
 * acts only if the guard yielded its row, and says whether it did; when it did not, `refused()` throws the answer
 * (it may read why). `member` is the acting member's id in the statement: a bound value when the caller knew it
 * beforehand, or read from the guard's row when the guard itself found the member. `name` names the prepared
 * statement built with it (one per kind of guard). The statement's own placeholders must not share the guard's names.
 */
export type StatementGuard = { name: string; cte: SQL; member: SQL; values: Record<string, unknown>; refused: () => Promise<never> };
