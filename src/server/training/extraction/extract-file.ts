import { DocumentTooLarge } from "./docx-archive";
import { decodeText, documentText, extractDocx, extractHtml, extractPdf, extractPlainText, type ExtractedDocument } from "./extract";

/**
 * An uploaded file's title and text: the task of the extraction threads
 * (extract-pool.ts), never run on the server's event loop. A file that cannot
 * be read answers the reason shown in the 422 naming `file`.
 */

export type FileKind = "pdf" | "docx" | "txt" | "md" | "html";

export interface FileToExtract {
  kind: FileKind;
  name: string;
  data: Uint8Array;
}

export type FileText = { title: string; text: string } | { refusal: string };

export async function extractFileText({ kind, name, data }: FileToExtract): Promise<FileText> {
  let doc: ExtractedDocument;
  try {
    if (kind === "pdf") doc = await extractPdf(data);
    else if (kind === "docx") doc = await extractDocx(data);
    else if (kind === "html") doc = extractHtml(decodeText(data), "file:///" + encodeURIComponent(name));
    else doc = extractPlainText(decodeText(data), kind, name);
  } catch (error) {
    if (error instanceof DocumentTooLarge) return { refusal: error.message };
    return { refusal: `The file could not be read as ${kind.toUpperCase()}.` };
  }
  const text = documentText(doc).trim();
  if (!text) return { refusal: "The file contains no text to learn from." };
  return { title: doc.title, text };
}
