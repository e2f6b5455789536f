import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { constants, deflateRawSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * What the upload tests and `npm run bench -- upload` send and watch: large
 * generated documents, DOCX zip bombs, the server's resident memory and a
 * `/api/health` poller running beside an upload.
 */

const WORDS = "the salon opens at nine and closes at six every weekday with free parking behind the building for customers who book a full groom".split(" ");

/** Plain text of exactly `bytes` bytes: paragraphs of ordinary words separated by blank lines. */
export function largeText(bytes: number): Buffer {
  const out = Buffer.alloc(bytes, " ");
  let at = 0;
  let i = 0;
  while (at < bytes) {
    const paragraph = Array.from({ length: 60 }, (_, k) => WORDS[(i + k * 7) % WORDS.length]).join(" ") + `. Paragraph ${i}.\n\n`;
    at += out.write(paragraph, at);
    i++;
  }
  return out;
}

/**
 * A PDF of about `bytes` bytes: 200 pages of text, the rest an attached file of
 * random bytes (what makes real PDFs large: images, fonts, attachments).
 */
export async function largePdf(bytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 200; p++) {
    const page = pdf.addPage();
    for (let l = 0; l < 40; l++) page.drawText(`Line ${l} of page ${p}: the salon opens at nine and closes at six every weekday.`, { x: 40, y: 800 - l * 18, size: 10, font });
  }
  const text = await pdf.save();
  await pdf.attach(randomBytes(Math.max(0, bytes - text.length - 4096)), "data.bin", { mimeType: "application/octet-stream" });
  return pdf.save();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

interface ZipEntry {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size written into the headers (a lying zip declares less than it holds). */
  declaredSize?: number;
}

function entry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A zip archive (deflate, no zip64) written by hand, so that its headers can say what a test wants them to say. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOC_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`;
const DOC_TAIL = `</w:t></w:r></w:p></w:body></w:document>`;

/** A minimal valid DOCX holding one paragraph. */
export function smallDocx(text: string): Buffer {
  return zip([entry("[Content_Types].xml", CONTENT_TYPES), entry("_rels/.rels", RELS), entry("word/document.xml", DOC_HEAD + text + DOC_TAIL)]);
}

const bombs = new Map<string, Promise<Buffer>>();

/**
 * A DOCX whose `word/document.xml` inflates to `expandedBytes` (one paragraph
 * of "A"s; ~1 MB compressed per GB). `lie`: the headers declare a 1 KB
 * document, so only a reader that counts while inflating notices. Made once
 * per process for each shape (deflating 1 GB takes a few seconds).
 */
export function zipBombDocx(expandedBytes: number, lie = false): Promise<Buffer> {
  const key = `${expandedBytes}:${lie}`;
  let made = bombs.get(key);
  if (!made) {
    made = deflatedDocument(expandedBytes).then(({ deflated, crc, size }) =>
      zip([entry("[Content_Types].xml", CONTENT_TYPES), entry("_rels/.rels", RELS), { name: "word/document.xml", deflated, crc, size, declaredSize: lie ? 1024 : size }]),
    );
    bombs.set(key, made);
  }
  return made;
}

/**
 * The deflated document of a bomb; its CRC is left 0 (the bomb must be refused long before a CRC could be checked).
 * Made of self-contained deflate blocks (each compressed alone and ended by a full flush, so none refers to
 * data before it): the megabyte of filler is compressed once and repeated, which makes the same stream a
 * single deflate of the whole document would inflate to, in milliseconds instead of a second of CPU.
 */
async function deflatedDocument(expandedBytes: number): Promise<{ deflated: Buffer; crc: number; size: number }> {
  const block = (data: Buffer, last = false) => deflateRawSync(data, { level: 9, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
  const chunk = Buffer.alloc(1024 * 1024, "A");
  const filler = expandedBytes - DOC_HEAD.length - DOC_TAIL.length;
  const whole = block(chunk);
  const parts = [block(Buffer.from(DOC_HEAD)), ...Array.from({ length: Math.floor(filler / chunk.length) }, () => whole)];
  if (filler % chunk.length) parts.push(block(chunk.subarray(0, filler % chunk.length)));
  parts.push(block(Buffer.from(DOC_TAIL), true));
  return { deflated: Buffer.concat(parts), crc: 0, size: expandedBytes };
}

/** Resident memory of a process in bytes (Linux `/proc/<pid>/status`). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

export interface Watch {
  /** Each `/api/health` answer during the watch: its status and how long it took (ms). */
  polls: Array<{ status: number; ms: number }>;
  rssBefore: number;
  rssPeak: number;
}

/**
 * Runs `during` while `/api/health` is asked again and again (one request at
 * a time, `intervalMs` apart) and the server's RSS is sampled; every poll is
 * answered before this resolves.
 */
export async function watchServer<T>(base: string, pid: number, during: () => Promise<T>, intervalMs = 20): Promise<{ result: T; watch: Watch }> {
  const watch: Watch = { polls: [], rssBefore: rssBytes(pid), rssPeak: 0 };
  watch.rssPeak = watch.rssBefore;
  let done = false;
  const sampler = setInterval(() => (watch.rssPeak = Math.max(watch.rssPeak, rssBytes(pid))), 50);
  const poller = (async () => {
    while (!done) {
      const t0 = performance.now();
      const status = await fetch(`${base}/api/health`).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      watch.polls.push({ status, ms: performance.now() - t0 });
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  try {
    const result = await during();
    return { result, watch };
  } finally {
    done = true;
    await poller;
    clearInterval(sampler);
    watch.rssPeak = Math.max(watch.rssPeak, rssBytes(pid));
  }
}

/** POST a file as multipart field `file` to the upload endpoint; answers the status, body and time taken. */
export async function uploadFile(base: string, chatbotId: string, token: string, data: Uint8Array, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([data as Uint8Array<ArrayBuffer>], { type }), name);
  const t0 = performance.now();
  const res = await fetch(`${base}/v1/${chatbotId}/sources/files`, { method: "POST", headers: { Authorization: `Bearer ${token}`, Accept: "application/json" }, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // left as text: the caller's assertion shows it
  }
  return { status: res.status, body: body as { message?: string; errors?: Record<string, string[]>; id?: string }, ms: performance.now() - t0, contentType: res.headers.get("content-type") ?? "" };
}

export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
