import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * One page of a list and the list's total in ONE statement on the pg pool
 * (docs/decisions/067-reads-flat-with-volume.md): every row of the page carries `total_count`, best as an
 * uncorrelated subquery, `(SELECT count(*) … ) AS total_count`: PostgreSQL
 * runs it once, from an index alone, while the page is read from an index in
 * its order (a `count(*) OVER ()` window instead makes it read and sort every
 * row of the list). Only a page past the end (no row to carry the total)
 * costs a second statement, the count; a first page that is empty has a
 * total of 0.
 *
 * `page.text` takes `values` followed by its LIMIT and OFFSET (the last two
 * parameters, written `LIMIT $n OFFSET $n+1`, or as `keyedPageText` writes them); `countText` takes `values` alone.
 *
 * The first page, the one dashboards and integrations read most, is a
 * statement of its own with the limit written in and no offset
 * (docs/decisions/095-first-pages-keep-their-plan.md): PostgreSQL plans a
 * statement whose LIMIT or OFFSET is a parameter again on every call, since
 * a generic plan assumes a tenth of the rows and so never looks cheaper than
 * the plan made for the values; with both written in, it keeps one plan.
 */
export interface PageQuery {
  /** Prepared-statement name prefix: the page is `<name>`, the first page `<name>_first<per page>`, the count `<name>_count`. */
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
  const { rows } = await pool.query<Row & { total_count: number }>(
    offset === 0
      ? { name: `${q.name}_first${q.perPage}`, text: firstPageText(q), values: q.values }
      : { name: q.name, text: q.text, values: [...q.values, q.perPage, offset] },
  );
  if (rows.length) return { rows: rows.map(withoutTotal), total: rows[0]!.total_count };
  if (offset === 0) return { rows: [], total: 0 };
  const count = await pool.query<{ total_count: number }>({ name: `${q.name}_count`, text: q.countText, values: q.values });
  return { rows: [], total: count.rows[0]?.total_count ?? 0 };
}

/** Per statement name and page size: a page's text is the same on every call. */
const firstPages = new Map<string, string>();

/** The page's text with its `LIMIT $n OFFSET $n+1` as `LIMIT <per page>` (a page size is a validated integer). */
export function firstPageText(q: Pick<PageQuery, "name" | "text" | "values" | "perPage">): string {
  const key = `${q.name}\0${q.perPage}`;
  let text = firstPages.get(key);
  if (text === undefined) {
    if (!Number.isSafeInteger(q.perPage) || q.perPage < 1) throw new Error(`${q.name}: a page size must be a positive integer, not ${q.perPage}`);
    const clauses = [pageClause(q.values.length), keyedClause(q.values.length)];
    const clause = clauses.find((c) => q.text.includes(c)) ?? clauses[0]!;
    const parts = q.text.split(clause);
    if (parts.length !== 2) throw new Error(`${q.name}: the page's text must end its rows with "${clauses[0]}" or "${clauses[1]}" once`);
    text = parts.join(`LIMIT ${q.perPage}`);
    firstPages.set(key, text);
  }
  return text;
}

/** A page's rows: `LIMIT $n OFFSET $n+1`, after the statement's `params` values. */
const pageClause = (params: number) => `LIMIT $${params + 1} OFFSET $${params + 2}`;

/*
 * A keyed page's ids are found with every value behind a subquery — the list's own (`$1::uuid` is read as
 * `(SELECT $1::uuid)`), the limit and the offset —, so that no plan can read them: the plan made for a page's
 * values (a custom plan) and the one made once for any values (the generic plan) estimate the same cost, and
 * PostgreSQL keeps the generic one after its first five executions (docs/decisions/138-deep-pages-by-their-keys.md).
 * With the values in view a custom plan skips 2,475 rows where the generic one assumes a tenth of the list, and
 * at a million rows PostgreSQL planned every deep page anew: a quarter to a third of its time on the page.
 */
const keyedClause = (params: number) => `LIMIT (SELECT $${params + 1}::bigint) OFFSET (SELECT $${params + 2}::bigint)`;

function valuesOutOfSight(where: string, params: number): string {
  return where.replace(/\$(\d+)(::\w+)?/g, (param: string, n: string, type: string | undefined) => {
    if (Number(n) > params || !type) throw new Error(`keyedPageText: "${param}" in a list's filter must be one of its ${params} values, with its type written`);
    return `(SELECT ${param})`;
  });
}

/**
 * A list's page read by its keys (docs/decisions/138-deep-pages-by-their-keys.md): the ids of the page are
 * found first, in the list's order, by `ARRAY(SELECT <alias>.id … ORDER BY … LIMIT … OFFSET …)`, its values out of sight (above) — an
 * index-only scan of the index in the list's order, which skips a deep page's offset over index entries
 * alone (the visibility map tells it the rows are visible) —, then only those rows are read, by primary
 * key, for the page's columns. Skipping with the whole rows instead reads a heap page for every skipped
 * row: page 100 of 25 read 2,500 rows to return 25. The outer statement sorts the page's rows again by the
 * same order.
 *
 * `columns` are the page's output, over `<table> <alias>` (scalar subqueries there run for the page's rows
 * only); `where` and `orderBy` are the list's filter and order over the same alias, `orderBy` ending in
 * the unique `<alias>.id` so the order is total; `params` is the number of values before LIMIT and OFFSET.
 */
export function keyedPageText(q: { columns: string; table: string; alias: string; where: string; orderBy: string; params: number }): string {
  const a = q.alias;
  return `SELECT ${q.columns} FROM ${q.table} ${a}
           WHERE ${a}.id = ANY(ARRAY(SELECT ${a}.id FROM ${q.table} ${a} WHERE ${valuesOutOfSight(q.where, q.params)}
                                      ORDER BY ${q.orderBy} ${keyedClause(q.params)}))
           ORDER BY ${q.orderBy}`;
}

function withoutTotal<Row extends object>(row: Row & { total_count: number }): Row {
  const { total_count: _total, ...rest } = row;
  void _total;
  return rest as unknown as Row;
}
