import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DOCUMENT_IMAGE_UNREADABLE_MESSAGE, DOCUMENT_PDF_UNREADABLE_MESSAGE, DOCUMENT_TYPE_MESSAGE, documentImageTooLargeMessage } from "~/domain/vaccines";
import { AppError } from "../http/errors";
import { grayPng, htmlPdf, testPdf } from "../testing/certificates";
import { checkCertificate, hasPdfStructure } from "./certificates";

/** A photo of a certificate: noise, so that its compressed pixels are most of the file. */
const photo = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } });

async function refusal(bytes: Buffer) {
  const error = await checkCertificate(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, message, details } = error as AppError;
  // Every refusal is shown under the file field too.
  expect(details).toEqual({ fields: { document: message } });
  return { status, code, message };
}

describe("a certificate's PDF", () => {
  it("is taken with a PDF's structure, however it ends its lines", () => {
    expect(hasPdfStructure(testPdf())).toBe(true);
    expect(hasPdfStructure(Buffer.from(testPdf().toString("latin1").replaceAll("\n", "\r\n"), "latin1"))).toBe(true);
    // Bytes after the end marker are tolerated, as viewers do, within the last 1024 bytes.
    expect(hasPdfStructure(Buffer.concat([testPdf(), Buffer.alloc(500)]))).toBe(true);
  });

  it("is refused without one: cut short, no trailer, a trailer pointing outside, or nothing but a header", () => {
    const pdf = testPdf();
    const text = pdf.toString("latin1");
    expect(hasPdfStructure(pdf.subarray(0, pdf.length - 20))).toBe(false);
    expect(hasPdfStructure(pdf.subarray(0, Math.floor(pdf.length / 2)))).toBe(false);
    expect(hasPdfStructure(Buffer.from(text.replace("startxref", "startref"), "latin1"))).toBe(false);
    expect(hasPdfStructure(Buffer.from(text.replace(/startxref\n\d+/, "startxref\n99999999"), "latin1"))).toBe(false);
    expect(hasPdfStructure(Buffer.from(text.replaceAll("endobj", "end"), "latin1"))).toBe(false);
    expect(hasPdfStructure(Buffer.concat([pdf, Buffer.alloc(2000)]))).toBe(false);
    expect(hasPdfStructure(Buffer.from("%PDF-1.7\n% a certificate\n%%EOF\n"))).toBe(false);
  });

  it("is refused when its body is a web page, with a message that says what to upload", async () => {
    expect(hasPdfStructure(htmlPdf())).toBe(false);
    expect(await refusal(htmlPdf())).toEqual({ status: 400, code: "DOCUMENT_UNREADABLE", message: DOCUMENT_PDF_UNREADABLE_MESSAGE });
    expect(await checkCertificate(testPdf())).toBe("application/pdf");
  });
});

describe("a certificate's image", () => {
  it("is taken when it decodes whole, as the type its bytes say", async () => {
    expect(await checkCertificate(await photo().jpeg().toBuffer())).toBe("image/jpeg");
    expect(await checkCertificate(await photo(40, 30).png().toBuffer())).toBe("image/png");
    expect(await checkCertificate(await photo().webp().toBuffer())).toBe("image/webp");
  });

  it("is refused, before anything is decoded, when its header declares more pixels than a cat's photo may have", async () => {
    const declared = grayPng(30000, 30000);
    expect(declared.length).toBeLessThan(200);
    expect(await refusal(declared)).toEqual({ status: 400, code: "IMAGE_DIMENSIONS_TOO_LARGE", message: documentImageTooLargeMessage(30000, 30000) });
    expect(documentImageTooLargeMessage(30000, 30000)).toMatch(
      /^That image is 30000×30000 pixels, .*at most 8000 on each side.*Upload a smaller photo or a PDF/,
    );
  });

  it("is refused when cut short, although its header alone reads fine", async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    expect((await sharp(cut).metadata()).width).toBe(400);
    expect(await refusal(cut)).toEqual({ status: 400, code: "IMAGE_UNREADABLE", message: DOCUMENT_IMAGE_UNREADABLE_MESSAGE });

    const png = await photo().png().toBuffer();
    expect(await refusal(png.subarray(0, Math.floor(png.length * 0.6)))).toMatchObject({ code: "IMAGE_UNREADABLE" });
    // A PNG header and nothing readable behind it; a PNG's first bytes on a JPEG.
    expect(await refusal(grayPng(400, 300).subarray(0, 40))).toMatchObject({ code: "IMAGE_UNREADABLE" });
    expect(await refusal(Buffer.concat([grayPng(1, 1).subarray(0, 8), jpeg]))).toMatchObject({ code: "IMAGE_UNREADABLE" });
  });

  it("is refused when its pixels stop before its header's height", async () => {
    expect(await refusal(grayPng(400, 300, { rows: 100 }))).toMatchObject({ code: "IMAGE_UNREADABLE", message: DOCUMENT_IMAGE_UNREADABLE_MESSAGE });
    expect(await checkCertificate(grayPng(400, 300, { rows: 300 }))).toBe("image/png");
  });
});

describe("any other file", () => {
  it("is refused by its first bytes", async () => {
    expect(await refusal(Buffer.from("just some text, named like a PDF"))).toEqual({
      status: 400,
      code: "UNSUPPORTED_DOCUMENT_TYPE",
      message: DOCUMENT_TYPE_MESSAGE,
    });
    expect(await refusal(Buffer.from("<!DOCTYPE html><html><body>%PDF-1.4</body></html>"))).toMatchObject({ code: "UNSUPPORTED_DOCUMENT_TYPE" });
  });
});

describe("refusing image bombs", () => {
  it("keeps the process's memory flat: 20 PNGs that would decode to 900 million pixels each", async () => {
    // About 110 KB that a decoder would grow into 900 million pixels.
    const bomb = grayPng(30000, 30000, { rows: 30000 });
    expect(bomb.length).toBeLessThan(200_000);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 20; i++) expect(await refusal(bomb)).toMatchObject({ code: "IMAGE_DIMENSIONS_TOO_LARGE" });
    const grownMb = (process.memoryUsage().rss - before) / (1024 * 1024);
    // Not a measurement of speed: one decoded bomb alone would be hundreds of megabytes.
    expect(grownMb, `RSS grew by ${grownMb.toFixed(1)} MB`).toBeLessThan(64);
  });
});
