import { describe, expect, it } from "vitest";
import { firstPageText, keyedPageText } from "./pages";

describe("firstPageText", () => {
  const q = { name: "t_page", text: "SELECT * FROM (SELECT x FROM t WHERE a = $1 AND b = $2 ORDER BY x LIMIT $3 OFFSET $4) p ORDER BY x", values: [1, 2] };

  it("writes the page size in place of the LIMIT and OFFSET parameters", () => {
    expect(firstPageText({ ...q, perPage: 25 })).toBe("SELECT * FROM (SELECT x FROM t WHERE a = $1 AND b = $2 ORDER BY x LIMIT 25) p ORDER BY x");
    expect(firstPageText({ ...q, perPage: 7 })).toBe("SELECT * FROM (SELECT x FROM t WHERE a = $1 AND b = $2 ORDER BY x LIMIT 7) p ORDER BY x");
  });

  it("refuses a text whose parameters do not end with the LIMIT and OFFSET, or a page size that is not a positive integer", () => {
    expect(() => firstPageText({ ...q, name: "t2", values: [1], perPage: 25 })).toThrow(/LIMIT \$2 OFFSET \$3/);
    expect(() => firstPageText({ ...q, name: "t3", text: `${q.text} UNION ${q.text}`, perPage: 25 })).toThrow(/once/);
    expect(() => firstPageText({ ...q, name: "t4", perPage: 0 })).toThrow(/positive integer/);
    expect(() => firstPageText({ ...q, name: "t5", perPage: 2.5 })).toThrow(/positive integer/);
  });
});

describe("keyedPageText", () => {
  const list = { columns: "c.id, c.at", table: "t", alias: "c", where: "c.owner = $1::uuid AND NOT c.hidden", orderBy: "c.at DESC, c.id DESC", params: 1 };

  it("finds the page's ids with every value out of the planner's sight, and its first page with the size written in", () => {
    const text = keyedPageText(list);
    const ids = text.slice(text.indexOf("ARRAY("));
    expect(ids).toContain("WHERE c.owner = (SELECT $1::uuid) AND NOT c.hidden");
    expect(ids).toContain("LIMIT (SELECT $2::bigint) OFFSET (SELECT $3::bigint)");
    expect(ids).not.toMatch(/[^(]SELECT \$|= \$|LIMIT \$|OFFSET \$/);
    const first = firstPageText({ name: "keyed_page", text, values: ["owner"], perPage: 25 });
    expect(first).toContain("ORDER BY c.at DESC, c.id DESC LIMIT 25))");
    expect(first).not.toContain("OFFSET");
  });

  it("refuses a filter value without its type or past the list's values", () => {
    expect(() => keyedPageText({ ...list, where: "c.owner = $1" })).toThrow(/"\$1".*type/);
    expect(() => keyedPageText({ ...list, where: "c.owner = $1::uuid AND c.kind = $2::text" })).toThrow(/"\$2::text"/);
  });
});
