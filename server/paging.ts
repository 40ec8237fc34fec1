import type { Page } from '../lib/api/replies';

/**
 * One page of a list: the query reads one row more than the page holds, which tells whether another page
 * follows. `item` shapes each row of the page (only the rows shown).
 */
export function pageOf<R, T = R>(rows: R[], page: number, limit: number, item?: (row: R) => T): Page<T> {
  const shown = rows.slice(0, limit);
  return { list: item ? shown.map(item) : (shown as unknown as T[]), page: String(page), has_more: rows.length > limit };
}
