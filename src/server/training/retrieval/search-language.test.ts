import { describe, expect, it } from "vitest";
import { searchConfigFor } from "./search-language";

describe("searchConfigFor", () => {
  it("maps ISO 639-1 codes to PostgreSQL configurations", () => {
    expect(searchConfigFor("en")).toBe("english");
    expect(searchConfigFor("de")).toBe("german");
    expect(searchConfigFor("fr")).toBe("french");
    expect(searchConfigFor("es")).toBe("spanish");
    expect(searchConfigFor("nb")).toBe("norwegian");
  });

  it("ignores the region and the case", () => {
    expect(searchConfigFor("pt-BR")).toBe("portuguese");
    expect(searchConfigFor("EN_us")).toBe("english");
    expect(searchConfigFor(" It ")).toBe("italian");
  });

  it("falls back to simple for languages without a stemmer and for nonsense", () => {
    expect(searchConfigFor("ja")).toBe("simple");
    expect(searchConfigFor("pl")).toBe("simple");
    expect(searchConfigFor("")).toBe("simple");
    expect(searchConfigFor(null)).toBe("simple");
    expect(searchConfigFor("english")).toBe("simple");
  });
});
