import { zipSync } from "fflate";
import yauzl from "yauzl";

/**
 * A DOCX is a zip: a few kilobytes can inflate to gigabytes (a zip bomb). Its
 * XML parts — all a text extraction reads — are inflated here within a bound
 * before any parser sees them: the sizes the zip declares are checked first
 * (a bomb with honest headers is refused without inflating a byte), and
 * inflation stops as soon as a part yields more than it declared (yauzl's
 * entry size check), so a lying bomb costs at most the bound
 * (docs/decisions/046-uploads-off-the-event-loop.md).
 */

/** What the XML parts of one document may inflate to, together. */
export const MAX_DOCX_XML_BYTES = 50 * 1024 * 1024;
/** A real DOCX has tens of parts; a zip of millions of empty entries is refused from its directory. */
const MAX_ENTRIES = 10_000;
/** The parts a DOCX's text is read from (content types, relationships, document, styles, numbering, notes). */
const XML_PART = /\.(xml|rels)$/i;

/** A document refused by a bound: the message says which, for the 422. */
export class DocumentTooLarge extends Error {
  override name = "DocumentTooLarge";
}

const tooLarge = () => new DocumentTooLarge(`The DOCX file expands to more than ${MAX_DOCX_XML_BYTES / 1024 / 1024} MB of XML.`);

/**
 * The DOCX's XML parts, inflated within MAX_DOCX_XML_BYTES and packed again
 * as an uncompressed zip (what mammoth reads; images, fonts and embedded
 * files are left out, so they are never inflated). Throws DocumentTooLarge
 * past a bound, another error when the zip is broken.
 */
export async function boundedDocxXml(data: Uint8Array): Promise<Uint8Array> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { lazyEntries: true, validateEntrySizes: true });
  try {
    if (zip.entryCount > MAX_ENTRIES) throw tooLarge();
    const parts: Record<string, Uint8Array> = {};
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (!XML_PART.test(entry.fileName)) continue;
      declared += entry.uncompressedSize;
      if (declared > MAX_DOCX_XML_BYTES) throw tooLarge();
      parts[entry.fileName] = await inflate(zip, entry);
    }
    return zipSync(parts, { level: 0 });
  } finally {
    zip.close();
  }
}

/** One part's bytes; yauzl fails the stream the moment it yields more than the part declared. */
async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> {
  const stream = await zip.openReadStreamPromise(entry);
  const out = new Uint8Array(entry.uncompressedSize);
  let at = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (at + chunk.length > out.length) throw tooLarge();
      out.set(chunk, at);
      at += chunk.length;
    }
  } catch (error) {
    (stream as { destroy?: () => void }).destroy?.();
    // yauzl's own size check ("too many bytes in the stream") is the lying bomb.
    if (error instanceof DocumentTooLarge || /too many bytes/i.test((error as Error).message)) throw tooLarge();
    throw error;
  }
  return out;
}
