/**
 * Certificate files for tests, made in code: a minimal PDF a viewer opens, and the bad files the
 * upload refuses (a web page named PDF, a PNG declaring 30000×30000 pixels, a real PNG bomb).
 * No dependency beyond Node, so the browser tests' support can use it too.
 */
import zlib from "node:zlib";

/** A minimal PDF with one blank page, its cross-reference table and trailer exact. `note` makes each one different. */
export function testPdf(note = "a certificate"): Buffer {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"];
  let body = `%PDF-1.4\n% ${note.replace(/[\r\n]/g, " ")}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/** A web page dressed as a PDF (its first line, an object, its last lines): a browser told it is HTML would run it. */
export function htmlPdf(): Buffer {
  const page = "%PDF-1.4\n1 0 obj\n<< >>\nendobj\n<!DOCTYPE html><html><body><script>fetch('/account')</script></body></html>\n";
  return Buffer.from(`${page}startxref\n${page.indexOf("1 0 obj")}\n%%EOF\n`);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A black-and-white PNG (one bit a pixel) whose header declares `width`×`height`. With `rows`
 * (default 1) only that many rows of pixels follow, so a 30000×30000 header costs a few bytes;
 * with `rows: height` it is a real bomb: 30000×30000 is about 110 KB that decodes to 900 million pixels.
 */
export function grayPng(width: number, height: number, { rows = 1 }: { rows?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, not interlaced
  const stride = 1 + Math.ceil(width / 8); // each row: its filter byte, then the pixels
  const pixels = zlib.deflateSync(Buffer.alloc(stride * rows));
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]);
}
