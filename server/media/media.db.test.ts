import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UPLOAD_LIMITS } from "~/domain/images";
import type { Database } from "../db/client";
import { mediaImageVariants, mediaImages } from "../db/schema/index";
import { createTestDatabase } from "../testing/test-database";
import { sessionCookieFor } from "../testing/sessions";
import { type TestServer, startTestServer } from "../testing/test-server";

let database: Database;
let server: TestServer;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  adminCookie = await sessionCookieFor(database.db, "owner@cathotel.test", { admin: true });
  customerCookie = await sessionCookieFor(database.db, "customer@example.com");
});
afterAll(async () => {
  await server.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(mediaImages);
});

/** A picture with some detail (a gradient), so that encoders have something to encode. */
const picture = (width: number, height: number) =>
  sharp(
    Buffer.alloc(width * height * 3, 0).map((_, i) => (i * 7) % 256),
    { raw: { width, height, channels: 3 } },
  );

function upload(body: Uint8Array | string, { purpose = "review", type = "image/png", cookie = adminCookie as string | null } = {}) {
  return fetch(`${server.url}/api/admin/media?purpose=${purpose}`, {
    method: "POST",
    headers: { "content-type": type, ...(cookie ? { cookie } : {}) },
    body: typeof body === "string" ? body : Uint8Array.from(body),
  });
}

async function expectRefused(res: Response, status: number, code: string, message: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const { error } = await res.json();
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
}

/** A real PNG whose header claims another size: what a decompression bomb looks like before decoding. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture(300, 300).png().toBuffer());
  // IHDR: length (4) + "IHDR" (4) at offset 8, width and height at 16 and 20, CRC over type + data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of png.subarray(12, 29)) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  png.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return png;
}

describe("uploading an image", () => {
  it("accepts a PNG review image, stores the 600×400 and 1200×800 WebP sizes and serves them", async () => {
    const res = await upload(await picture(900, 700).png().toBuffer());
    expect(res.status).toBe(201);
    const { image } = await res.json();
    expect(image).toMatchObject({ purpose: "review", width: 900, height: 700 });
    expect(image.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [600, 400],
      [1200, 800],
    ]);
    expect(image.variants[0].url).toBe(`/media/${image.id}-600.webp`);

    for (const variant of image.variants) {
      const served = await fetch(`${server.url}${variant.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.toString("latin1", 0, 4) + bytes.toString("latin1", 8, 12)).toBe("RIFFWEBP");
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", variant.width, variant.height]);
    }
    const [row] = await database.db.select().from(mediaImages);
    expect(row).toMatchObject({ purpose: "review", sourceType: "image/png", createdBy: "owner@cathotel.test" });
  });

  it("makes square team portraits from an upright JPEG (orientation applied, camera metadata dropped) and takes WebP too", async () => {
    // Stored 500 wide and 400 high, to be shown rotated: upright it is 400×500.
    const jpeg = await picture(500, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload(jpeg, { purpose: "team", type: "image/jpeg" });
    expect(res.status).toBe(201);
    const { image } = await res.json();
    expect([image.width, image.height]).toEqual([400, 500]);
    expect(image.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [160, 160],
      [320, 320],
    ]);
    const served = Buffer.from(await (await fetch(`${server.url}${image.variants[1].url}`)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();

    // The type comes from the bytes, not the header: a WebP sent as octet-stream is fine.
    const webp = await upload(await picture(640, 480).webp().toBuffer(), { type: "application/octet-stream" });
    expect(webp.status).toBe(201);
  });

  it("refuses files that are not JPEG, PNG or WebP, whatever they claim to be", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><script>alert(1)</script></svg>';
    await expectRefused(await upload(svg, { type: "image/svg+xml" }), 400, "UNSUPPORTED_IMAGE_TYPE", /Only JPEG, PNG and WebP/);
    await expectRefused(await upload("just some text, not a picture", { type: "image/png" }), 400, "UNSUPPORTED_IMAGE_TYPE", /Only JPEG, PNG and WebP/);
    await expectRefused(
      await upload(await picture(400, 400).gif().toBuffer(), { type: "image/gif" }),
      400,
      "UNSUPPORTED_IMAGE_TYPE",
      /Only JPEG, PNG and WebP/,
    );
    // The right first bytes with nothing readable behind them, and a JPEG cut in half.
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really a png")]);
    await expectRefused(await upload(fakePng), 400, "IMAGE_UNREADABLE", /could not be read/);
    const jpeg = await picture(800, 600).jpeg().toBuffer();
    await expectRefused(await upload(jpeg.subarray(0, jpeg.length / 2), { type: "image/jpeg" }), 400, "IMAGE_UNREADABLE", /damaged or incomplete/);
    expect(await database.db.select().from(mediaImages)).toEqual([]);
  });

  it("refuses files over 5 MB, and images under 300 or over 8000 pixels a side (before decoding them)", async () => {
    const tooBig = Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1, 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    await expectRefused(await upload(tooBig, { type: "image/jpeg" }), 413, "IMAGE_TOO_BIG", /larger than 5 MB/);

    await expectRefused(
      await upload(await picture(299, 600).png().toBuffer()),
      400,
      "IMAGE_DIMENSIONS_TOO_SMALL",
      /^The image is 299×600 pixels; it needs at least 300/,
    );
    await expectRefused(
      await upload(await picture(8001, 300).png().toBuffer()),
      400,
      "IMAGE_DIMENSIONS_TOO_LARGE",
      /^The image is 8001×300 pixels; at most 8000/,
    );
    // A few hundred bytes claiming 60000×60000 pixels (10 GB decoded): refused from its header.
    const bomb = await pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.maxBytes);
    const started = Date.now();
    await expectRefused(await upload(bomb), 400, "IMAGE_DIMENSIONS_TOO_LARGE", /60000×60000/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await database.db.select().from(mediaImages)).toEqual([]);
  });

  it("asks for a purpose and a file", async () => {
    const png = await picture(400, 400).png().toBuffer();
    await expectRefused(await upload(png, { purpose: "banner" }), 400, "VALIDATION_FAILED", /purpose=review or \?purpose=team/);
    await expectRefused(await upload(""), 400, "IMAGE_MISSING", /JPEG, PNG or WebP/);
    await expectRefused(await upload(JSON.stringify({ image: "x" }), { type: "application/json" }), 400, "IMAGE_MISSING", /the image file itself/);
  });

  it("answers a visitor 401 and a non-admin 403, and stores nothing", async () => {
    const png = await picture(400, 400).png().toBuffer();
    const anonymous = await upload(png, { cookie: null });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBeTruthy();
    const customer = await upload(png, { cookie: customerCookie });
    expect(customer.status).toBe(403);
    expect((await customer.json()).error.code).toBeTruthy();
    expect(await database.db.select().from(mediaImages)).toEqual([]);
    expect(await database.db.select().from(mediaImageVariants)).toEqual([]);
  });
});

describe("serving images", () => {
  it("answers 404 for an unknown image, an unknown size or a malformed name", async () => {
    const { image } = await (await upload(await picture(600, 400).png().toBuffer())).json();
    for (const path of [`/media/${crypto.randomUUID()}-600.webp`, `/media/${image.id}-700.webp`, `/media/${image.id}-600.png`, "/media/x"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).not.toMatch(/immutable/);
    }
  });
});
