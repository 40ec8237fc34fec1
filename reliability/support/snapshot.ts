import type pg from 'pg';

/**
 * A digest of every row of every table of the database: equal digests, same state. Aside: the migrations' own
 * table, and rate_limits, whose counters count refused calls too (that is what they are for).
 */
export async function snapshotter(client: pg.Client): Promise<() => Promise<Map<string, string>>> {
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by table_name`,
  );
  const query = rows
    .map(({ table_name: t }) => `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`)
    .join(' union all ');
  return async () => new Map((await client.query<{ t: string; n: number; h: string }>(query)).rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose digest differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}
