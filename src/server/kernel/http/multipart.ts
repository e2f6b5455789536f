import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { AppError, validationError } from "@/server/kernel/errors";
import { assertDeclaredLength, bodyTooLarge } from "@/server/kernel/http/request-bounds";

/**
 * A `multipart/form-data` request body, streamed from the socket into a
 * parser (busboy) with bounds, so that a 10 MB upload is held once: each
 * declared file field's bytes are copied into one buffer as they arrive, and
 * nothing else of the body is kept (docs/decisions/046-uploads-off-the-event-loop.md). 415 when the body is not
 * multipart, 413 (with `Connection: close`) past the bounds, 400 when the
 * framing is broken, 422 when a file field is sent twice
 * (docs/decisions/046-uploads-off-the-event-loop.md).
 */

export interface MultipartSpec {
  /** Field names whose parts are files, handed over as `{name, type, data}`; file parts under other names are discarded. */
  files: string[];
  /** The largest file. */
  maxBytes: number;
}

export interface UploadedPart {
  name: string;
  type: string;
  data: Uint8Array;
}

/** Room for the multipart framing and the small text fields around the files. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
/** Text fields and parts one request may carry (the upload has one file and, at most, a few fields). */
const MAX_FIELDS = 64;
const MAX_PARTS = 128;

/** A growing byte buffer that starts at the expected size, so that a body with a `Content-Length` is copied once. */
class ByteSink {
  private buf: Uint8Array;
  private length = 0;

  constructor(
    expected: number,
    private readonly max: number,
  ) {
    this.buf = new Uint8Array(Math.min(Math.max(expected, 64 * 1024), max));
  }

  push(chunk: Uint8Array) {
    const needed = this.length + chunk.byteLength;
    if (needed > this.buf.byteLength) {
      const grown = new Uint8Array(Math.min(Math.max(needed, this.buf.byteLength * 2), this.max));
      grown.set(this.buf.subarray(0, this.length));
      this.buf = grown;
    }
    this.buf.set(chunk, this.length);
    this.length = needed;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

const fileTooLarge = (spec: MultipartSpec, field: string) =>
  new AppError("PAYLOAD_TOO_LARGE", `The file must not be larger than ${Math.round(spec.maxBytes / 1024 / 1024)} MB.`, {
    errors: { [field]: [`The file must not be larger than ${Math.round(spec.maxBytes / 1024 / 1024)} MB.`] },
    headers: { Connection: "close" },
  });

const malformed = () => new AppError("BAD_REQUEST", "The multipart body could not be parsed.");

export async function readMultipartBody(req: Request, spec: MultipartSpec): Promise<Record<string, unknown>> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Request bodies must be sent as multipart/form-data.");
  const maxBody = spec.maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = req.headers.get("content-length");
  assertDeclaredLength(declared, maxBody);

  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: spec.maxBytes, fields: MAX_FIELDS, parts: MAX_PARTS, fieldSize: MULTIPART_OVERHEAD_BYTES, headerPairs: 32 },
    });
  } catch {
    throw malformed(); // no boundary, or not multipart after all
  }

  const out: Record<string, unknown> = {};
  const files: Promise<void>[] = [];
  let failure: AppError | null = null;
  const fail = (error: AppError) => (failure ??= error);

  parser.on("file", (field: string, stream: BusboyFileStream, filename: string, _encoding: string, mimeType: string) => {
    if (!spec.files.includes(field) || failure) return void stream.resume();
    if (Object.hasOwn(out, field)) {
      fail(validationError({ [field]: ["Send one file in this field."] }));
      return void stream.resume();
    }
    const sink = new ByteSink(Number(declared) || 0, spec.maxBytes);
    const part: UploadedPart = { name: filename ?? "", type: mimeType ?? "", data: new Uint8Array(0) };
    out[field] = part;
    stream.on("data", (chunk: Buffer) => sink.push(chunk));
    stream.on("limit", () => fail(fileTooLarge(spec, field)));
    files.push(
      new Promise<void>((resolve) => {
        stream.on("end", () => {
          part.data = sink.bytes();
          resolve();
        });
        stream.on("error", () => resolve());
      }),
    );
  });
  parser.on("field", (field: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
    if (valueTruncated) fail(bodyTooLarge(maxBody));
    else if (!spec.files.includes(field)) out[field] = value;
  });
  for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const) parser.on(limit, () => fail(bodyTooLarge(maxBody)));
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", () => reject(malformed()));
  });
  finished.catch(() => undefined); // observed below; a failure found earlier wins

  await pump(req, parser, maxBody, () => failure);
  if (failure) throw failure;
  await finished;
  await Promise.all(files);
  if (failure) throw failure;
  return out;
}

/**
 * The request body into the parser chunk by chunk, honouring its back
 * pressure. Past `maxBody`, or once a 413 is known, reading stops (a stream
 * abandoned mid-way ends its connection, hence `Connection: close` on 413s);
 * after any other failure the rest of the body, bounded the same way, is read
 * and dropped, so that the answer reaches a client still sending.
 */
async function pump(req: Request, parser: BusboyInstance, maxBody: number, failed: () => AppError | null): Promise<void> {
  if (!req.body) {
    parser.end();
    return;
  }
  const reader = req.body.getReader();
  let size = 0;
  let parserError = false;
  parser.once("error", () => (parserError = true));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBody) throw bodyTooLarge(maxBody);
      const failure = failed();
      if (failure?.status === 413) throw failure;
      if (failure || parserError) continue;
      if (!parser.write(value)) await new Promise<void>((resolve) => (parserError ? resolve() : parser.once("drain", resolve).once("error", () => resolve())));
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    parser.destroy();
    if (error instanceof AppError) throw error;
    throw malformed(); // the client went away mid-body
  }
  if (failed() || parserError) parser.destroy();
  else parser.end();
}
