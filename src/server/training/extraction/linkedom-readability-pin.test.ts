import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readability } from "@mozilla/readability";
import { describe, expect, it } from "vitest";
import { LinkedomReadability } from "./linkedom-readability";

/**
 * LinkedomReadability replaces private methods of Readability, each written to return what the method it
 * replaces returns in the version below (docs/decisions/090-cheaper-dom-same-extraction.md, 092, 094;
 * docs/decisions/107-dependencies-pinned-and-patches-measured.md). An upgrade must fail here before it can
 * change an extraction silently: the installed Readability is that version, pinned exactly, and every method
 * an override replaces still has the source it was written against. A method named here has changed: re-read
 * its new source against the override, run `scripts/extraction/check.ts compare`, then record the new hash.
 */
const WRITTEN_FOR = "0.6.0";
/** sha256 (first 16 hex digits) of each replaced method's source in Readability 0.6.0. */
const METHOD_SOURCES: Record<string, string> = {
  _grabArticle: "56a294c242749917",
  _getAllNodesWithTag: "a382a014edcf6421",
  _isValidByline: "9cf9dbce082290f6",
  _isElementWithoutContent: "fd87e9b386b6e7ad",
  _isProbablyVisible: "e9daf2ed0ba6a1c5",
  _getInnerText: "ecd0da6a46e638da",
  _removeNodes: "ae80dbbed997c478",
  _cleanConditionally: "b68baef74bdf19aa",
  _prepArticle: "a6ad8193de53bc85",
  _clean: "3642da9854b37efe",
  _getLinkDensity: "db1283dc0de3a1d5",
  _fixRelativeUris: "3071fb5bb93a8c88",
  parse: "d1a7ff3d24ee465f",
  // Not replaced, but `keepClasses` and the `_fixRelativeUris` override rely on what it calls.
  _postProcessContent: "28a3bf7155a03f33",
};

const original = Readability.prototype as unknown as Record<string, unknown>;
const sourceHash = (method: unknown) => createHash("sha256").update(String(method)).digest("hex").slice(0, 16);
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

describe("Readability is the version LinkedomReadability was written for", () => {
  it("is installed and pinned exactly at that version", () => {
    const installed = createRequire(import.meta.url)("@mozilla/readability/package.json") as { version: string };
    expect(installed.version).toBe(WRITTEN_FOR);
    const root = path.resolve(import.meta.dirname, "../../../..");
    const manifest = readJson(path.join(root, "package.json")) as { dependencies: Record<string, string> };
    expect(manifest.dependencies["@mozilla/readability"]).toBe(WRITTEN_FOR);
    const lock = readJson(path.join(root, "package-lock.json")) as { packages: Record<string, { version?: string }> };
    expect(lock.packages["node_modules/@mozilla/readability"]?.version).toBe(WRITTEN_FOR);
  });

  it("still has the source each override was written against", () => {
    const changed = Object.entries(METHOD_SOURCES)
      .filter(([name, hash]) => sourceHash(original[name]) !== hash)
      .map(([name]) => name);
    expect(changed, `Readability methods changed since ${WRITTEN_FOR}: re-check their overrides`).toEqual([]);
  });

  it("has a recorded source for every method LinkedomReadability replaces", () => {
    const replaced = Object.getOwnPropertyNames(LinkedomReadability.prototype).filter((name) => name !== "constructor" && name in original);
    expect(replaced.filter((name) => !(name in METHOD_SOURCES))).toEqual([]);
  });
});
