import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { zipBombDocx } from "../../../../tests/helpers/upload-fixtures";
import { extractInPool } from "./extract-pool";

/** The extraction threads for real (worker threads loading the TypeScript through tsx), as the server and the dashboard's upload use them. */
describe("extractInPool", () => {
  it("reads PDF, DOCX and text on a worker thread: title and text", async () => {
    const pdf = await extractInPool({ kind: "pdf", name: "h.pdf", data: new Uint8Array(readFileSync("tests/fixtures/retrieval-site/warranty-handbook.pdf")) });
    expect(pdf.title).toBe("Bramble Cycles Warranty and Service Handbook");
    expect(pdf.text).toContain("ten years from the date of purchase");
    const docx = await extractInPool({ kind: "docx", name: "f.docx", data: new Uint8Array(readFileSync("tests/fixtures/retrieval-site/fleet-agreement.docx")) });
    expect(docx.text).toContain("Orders of 25 bikes or more receive 18 percent off.");
    expect(await extractInPool({ kind: "md", name: "n.md", data: new Uint8Array(Buffer.from("# Hours\n\nNine\u0000 to five.")) })).toEqual({ title: "n.md", text: "Hours\n\nNine to five." });
  }, 30_000);

  it("moves a large file's bytes to the thread instead of copying them", async () => {
    const data = new Uint8Array(Buffer.alloc(64 * 1024, "a"));
    await extractInPool({ kind: "txt", name: "a.txt", data });
    expect(data.buffer.byteLength).toBe(0); // detached: the bytes went to the thread
  }, 30_000);

  it("a 422 naming file for a broken file, a file without text and a zip bomb", async () => {
    await expect(extractInPool({ kind: "pdf", name: "x.pdf", data: new Uint8Array(Buffer.from("not a pdf")) })).rejects.toMatchObject({ status: 422, errors: { file: ["The file could not be read as PDF."] } });
    await expect(extractInPool({ kind: "txt", name: "x.txt", data: new Uint8Array(Buffer.from(" \n\u0000 ")) })).rejects.toMatchObject({ status: 422, errors: { file: ["The file contains no text to learn from."] } });
    await expect(extractInPool({ kind: "docx", name: "x.docx", data: new Uint8Array(await zipBombDocx(100 * 1024 * 1024, true)) })).rejects.toMatchObject({
      status: 422,
      errors: { file: ["The DOCX file expands to more than 50 MB of XML."] },
    });
  }, 30_000);
});
