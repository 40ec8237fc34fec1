import type { Page } from '../lib/api/replies';

/** Where a page's rows start, and how many to read. */
export type Window = { offset: number; limit: number };

/** The rows of page `page` (from 1) at `limit` rows a page. */
export const windowOf = (page: number, limit: number): Window => ({ offset: (page - 1) * limit, limit });

/**
 * One page of a member's list (`{ list, page, has_more }`): `read` gets the page's window widened by one row,
 * whose presence says another page follows; `item` shapes the rows shown.
 */
export async function readPage<R, T = R>(page: number, limit: number, read: (w: Window) => Promise<R[]>, item?: (row: R) => T): Promise<Page<T>> {
  const { offset } = windowOf(page, limit);
  const rows = await read({ offset, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  return { list: item ? shown.map(item) : (shown as unknown as T[]), page: String(page), has_more: rows.length > limit };
}
