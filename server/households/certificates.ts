import {
  DOCUMENT_IMAGE_UNREADABLE_MESSAGE,
  DOCUMENT_PDF_UNREADABLE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  type DocumentType,
  documentImageTooLargeMessage,
} from "~/domain/vaccines";
import { AppError } from "../http/errors";
import { type ImageRefusalWords, checkImage, sniffImageType } from "../media/process";

/**
 * A vaccine certificate's file (ADR 0120) is opened by staff and by the customer in their browsers,
 * so it is taken only when it is what its first bytes say: an image that decodes whole within the
 * pixel limit cat photos have, or a PDF with a PDF's structure. The name and the Content-Type header
 * are not trusted. The size (at most DOCUMENT_MAX_BYTES) is checked before this.
 */

const IMAGE_WORDS: ImageRefusalWords = {
  unsupported: DOCUMENT_TYPE_MESSAGE,
  unreadable: DOCUMENT_IMAGE_UNREADABLE_MESSAGE,
  tooLarge: documentImageTooLargeMessage,
};

/** A refusal that the upload form shows under the file field, as well as at the top. */
const refusal = (code: string, message: string) => new AppError(400, code, message, { fields: { document: message } });

/** Readers look for the end-of-file marker in a PDF's last 1024 bytes. */
const TRAILER_WINDOW = 1024;

/** The end of a PDF: where its cross-reference starts, then the end-of-file marker. */
const TRAILER = /startxref\s+(\d+)\s+%%EOF/g;

/** Markup that makes a file a web page whatever its first line says (a PDF's own text is inside its streams). */
const HTML_MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe)[\s>/]/i;

/**
 * Whether `bytes` have a PDF's structure: the header, an object's end, a `startxref` with an
 * offset inside the file followed by `%%EOF` near the end, and no HTML anywhere (a web page that
 * starts with "%PDF-" is still a web page). It does not render the PDF: the reader's viewer does.
 */
export function hasPdfStructure(bytes: Buffer): boolean {
  if (!/^%PDF-\d\.\d/.test(bytes.toString("latin1", 0, 8))) return false;
  const tail = bytes.toString("latin1", Math.max(0, bytes.length - TRAILER_WINDOW));
  const trailer = [...tail.matchAll(TRAILER)].at(-1);
  if (!trailer || Number(trailer[1]) >= bytes.length) return false;
  // One byte a character: the whole file as text costs its size once, and is dropped at once.
  const text = bytes.toString("latin1");
  return text.includes("endobj") && !HTML_MARKUP.test(text);
}

/**
 * The type of a certificate's file, once it has passed: a PDF by its structure, an image by
 * decoding it whole (checkImage: the header first, so a file declaring 30000×30000 pixels is refused
 * before anything is decoded, then every row streamed through and dropped). Every refusal is a 400
 * naming the document field, with a message that says what to upload instead.
 */
export async function checkCertificate(bytes: Buffer): Promise<DocumentType> {
  if (bytes.toString("latin1", 0, 5) === "%PDF-") {
    if (!hasPdfStructure(bytes)) throw refusal("DOCUMENT_UNREADABLE", DOCUMENT_PDF_UNREADABLE_MESSAGE);
    return "application/pdf";
  }
  if (!sniffImageType(bytes)) throw refusal("UNSUPPORTED_DOCUMENT_TYPE", DOCUMENT_TYPE_MESSAGE);
  try {
    return (await checkImage(bytes, IMAGE_WORDS)).type;
  } catch (error) {
    if (error instanceof AppError) throw refusal(error.code, error.message);
    throw error;
  }
}
