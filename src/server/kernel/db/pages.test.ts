import { describe, expect, it } from "vitest";
import { firstPageText } from "./pages";

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
