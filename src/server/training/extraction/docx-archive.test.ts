import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { smallDocx, zipBombDocx } from "../../../../tests/helpers/upload-fixtures";
import { boundedDocxXml, DocumentTooLarge } from "./docx-archive";
import { documentText, extractDocx } from "./extract";

describe("DOCX zip bombs", () => {
  it("a zip declaring more XML than the bound is refused without inflating it", async () => {
    const bomb = await zipBombDocx(200 * 1024 * 1024);
    await expect(boundedDocxXml(bomb)).rejects.toBeInstanceOf(DocumentTooLarge);
  });

  it("a zip that declares 1 KB but inflates to 200 MB is refused as soon as the part passes what it declared", async () => {
    const liar = await zipBombDocx(200 * 1024 * 1024, true);
    const before = process.memoryUsage().rss;
    await expect(extractDocx(liar)).rejects.toBeInstanceOf(DocumentTooLarge);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("a real document is read as before (the fixture's text, its first heading as title)", async () => {
    const doc = await extractDocx(new Uint8Array(readFileSync("tests/fixtures/retrieval-site/fleet-agreement.docx")));
    expect(doc.title).toBe("Fleet Program Agreement");
    expect(documentText(doc)).toContain("Orders of 25 bikes or more receive 18 percent off.");
    expect(documentText(await extractDocx(smallDocx("One paragraph.")))).toBe("One paragraph.");
  });

  it("a file that is not a zip fails as unreadable, not as too large", async () => {
    await expect(extractDocx(new Uint8Array(Buffer.from("PK\u0003\u0004 not really")))).rejects.not.toBeInstanceOf(DocumentTooLarge);
  });
});
