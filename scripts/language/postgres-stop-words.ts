/**
 * PostgreSQL's own stop word lists (`<sharedir>/tsearch_data/<language>.stop`, the Snowball project's lists),
 * read through SQL from a running server (its superuser may read its share folder): what the copy in
 * src/server/kernel/language/stop-words-data.ts is made from and checked against.
 */
import type pg from "pg";

export async function postgresStopWords(client: Pick<pg.Pool, "query">): Promise<Map<string, string[]>> {
  const { rows: [share] } = await client.query<{ dir: string }>("SELECT setting || '/tsearch_data' AS dir FROM pg_config WHERE name = 'SHAREDIR'");
  const { rows } = await client.query<{ name: string; text: string }>(
    "SELECT replace(f, '.stop', '') AS name, pg_read_file($1 || '/' || f) AS text FROM pg_ls_dir($1) AS f WHERE f LIKE '%.stop' ORDER BY f",
    [share!.dir],
  );
  return new Map(rows.map((r) => [r.name, [...new Set(r.text.split("\n").map((w) => w.trim()).filter(Boolean))]]));
}
