import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * One page of a list and the list's total in ONE statement on the pg pool
 * (issue 14): every row of the page carries `total_count`, best as an
 * uncorrelated subquery, `(SELECT count(*) … ) AS total_count`: PostgreSQL
 * runs it once, from an index alone, while the page is read from an index in
 * its order (a `count(*) OVER ()` window instead makes it read and sort every
 * row of the list). Only a page past the end (no row to carry the total)
 * costs a second statement, the count; a first page that is empty has a
 * total of 0.
 *
 * `page.text` takes `values` followed by its LIMIT and OFFSET (the last two
 * parameters); `countText` takes `values` alone.
 */
export interface PageQuery {
  /** Prepared-statement name prefix: the page is `<name>`, the count `<name>_count`. */
  name: string;
  text: string;
  countText: string;
  values: unknown[];
  page: number;
  perPage: number;
}

export async function pageWithTotal<Row extends object>(db: Db, q: PageQuery): Promise<{ rows: Row[]; total: number }> {
  const pool = poolOf(db);
  const offset = (q.page - 1) * q.perPage;
  const { rows } = await pool.query<Row & { total_count: number }>({ name: q.name, text: q.text, values: [...q.values, q.perPage, offset] });
  if (rows.length) return { rows: rows.map(withoutTotal), total: rows[0]!.total_count };
  if (offset === 0) return { rows: [], total: 0 };
  const count = await pool.query<{ total_count: number }>({ name: `${q.name}_count`, text: q.countText, values: q.values });
  return { rows: [], total: count.rows[0]?.total_count ?? 0 };
}

function withoutTotal<Row extends object>(row: Row & { total_count: number }): Row {
  const { total_count: _total, ...rest } = row;
  void _total;
  return rest as unknown as Row;
}
