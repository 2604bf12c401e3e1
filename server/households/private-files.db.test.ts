import crypto from "node:crypto";
import http from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm } from "~/features/cats/schema";
import { DOCUMENT_IMAGE_UNREADABLE_MESSAGE, DOCUMENT_PDF_UNREADABLE_MESSAGE, documentImageTooLargeMessage } from "~/domain/vaccines";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import * as catRoute from "~/routes/cats.$catId";
import * as photoRoute from "~/routes/cats.$catId.photo.$file";
import * as documentRoute from "~/routes/vaccine-records.$recordId.document";
import type { Database } from "../db/client";
import { users, vaccineRecords } from "../db/schema/index";
import { grayPng, htmlPdf, testPdf } from "../testing/certificates";
import { testPageBuild } from "../testing/page-build";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";
import { type Cat, createCat } from "./households";
import { processCatPhoto, saveCatPhoto } from "./photos";
import { uploadVaccineRecord } from "./vaccines";
import { FORM_TOKEN, formToken } from "../http/form-once";

/**
 * The private files through the real HTTP app: the page handler (with its body caps), the route
 * modules that serve a record's document and a cat's photo, and the cat page's upload action.
 */
const build = testPageBuild({
  "routes/cats.$catId": { path: "cats/:catId", module: catRoute },
  "routes/cats.$catId.photo.$file": { path: "cats/:catId/photo/:file", module: photoRoute },
  "routes/vaccine-records.$recordId.document": { path: "vaccine-records/:recordId/document", module: documentRoute },
});

let database: Database;
let server: TestServer;
const cookies = { owner: "", stranger: "", admin: "" };
let cat: Cat;
let recordId = "";
const PDF = testPdf();
const today = businessDate(new Date());

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startPageTestServer(database, build);
  const ownerEmail = `${crypto.randomUUID()}@example.com`;
  cookies.owner = await sessionCookieFor(database.db, ownerEmail);
  cookies.stranger = await sessionCookieFor(database.db, `${crypto.randomUUID()}@example.com`);
  cookies.admin = await sessionCookieFor(database.db, "staff@cathotel.test", { admin: true });
  const [owner] = await database.db.select().from(users).where(eq(users.email, ownerEmail));
  cat = await createCat(database.db, owner!.id, catForm.parse({ name: "Miso", sex: "female", spayedNeutered: "yes", medications: [] }), new Date());
  recordId = (
    await uploadVaccineRecord(
      database.db,
      owner!.id,
      cat.id,
      {
        vaccine: "fvrcp",
        expiresOn: addBusinessDays(today, 90),
        document: { name: "Miso FVRCP.pdf", bytes: PDF },
      },
      new Date(),
    )
  ).id;
  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
  await saveCatPhoto(database.db, owner!.id, cat.id, await processCatPhoto(photo), new Date());
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** A policy with the sandbox directive: the file gets an origin of its own, so it can never act as our site. */
const SANDBOXED = /(^|;\s*)sandbox\s*(;|$)/;

const get = (path: string, cookie?: string) => fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

describe("a vaccine record's document", () => {
  const path = () => `/vaccine-records/${recordId}/document`;

  it("is served to its household and to admins, inline, sandboxed, never cached and never sniffed", async () => {
    for (const who of ["owner", "admin"] as const) {
      const res = await get(path(), cookies[who]);
      expect(res.status, who).toBe(200);
      // Its own origin when opened; framed only by our pages (the Documents queue).
      expect(res.headers.get("content-security-policy")).toMatch(SANDBOXED);
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(
        Object.fromEntries(["content-type", "content-disposition", "x-content-type-options", "cache-control"].map((h) => [h, res.headers.get(h)])),
      ).toEqual({
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="Miso FVRCP.pdf"; filename*=UTF-8''Miso%20FVRCP.pdf`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      });
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
  });

  it("sends a visitor to sign in first, and answers another household (or a made-up id) 404 without the file", async () => {
    const visitor = await get(path());
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(path())}`);
    for (const url of [path(), `/vaccine-records/${crypto.randomUUID()}/document`, "/vaccine-records/not-an-id/document"]) {
      const res = await get(url, cookies.stranger);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe("Not found");
    }
  });
});

describe("a cat's photo", () => {
  it("is served to its household and admins only, and never under the public /media address", async () => {
    const path = `/cats/${cat.id}/photo/200.webp`;
    for (const who of ["owner", "admin"] as const) {
      const res = await get(path, cookies[who]);
      expect(res.status, who).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("content-security-policy")).toMatch(SANDBOXED);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await get(path, cookies.stranger)).status).toBe(404);
    expect((await get(`/cats/${cat.id}/photo/999.webp`, cookies.owner)).status).toBe(404);
    expect((await get(path)).status).toBe(302);
    expect((await get(`/media/${cat.id}-200.webp`)).status).toBe(404);
  });
});

describe("uploading on the cat's page", () => {
  const form = (document: Blob, { expiresOn = addBusinessDays(today, 200), vaccine = "rabies", name = "certificate.pdf" } = {}) => {
    const body = new FormData();
    body.set("intent", "upload-record");
    body.set(FORM_TOKEN, formToken());
    body.set("vaccine", vaccine);
    body.set("expiresOn", expiresOn);
    body.set("document", document, name);
    return body;
  };
  const post = (body: FormData, cookie = cookies.owner) =>
    fetch(`${server.url}/cats/${cat.id}`, { method: "POST", headers: { cookie }, body, redirect: "manual" });
  /**
   * Starts a multipart upload that declares `bytes` and sends only its first part, as a browser does
   * while the server already answers: the answer comes from the headers, before the body is read.
   * (Sending all 50 MB with fetch races the server closing the connection after its answer.)
   */
  const startUpload = (bytes: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const boundary = `----upload${crypto.randomUUID()}`;
      const req = http.request(`${server.url}/cats/${cat.id}`, {
        method: "POST",
        headers: { cookie: cookies.owner, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(bytes) },
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
      });
      // A failure before the answer fails the test; after it (the unsent rest), the promise is settled.
      req.on("error", reject);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-record\r\n`);
    });
  /** What the form shows under the file field after a refused upload. */
  const documentError = async (res: Response) =>
    ((await res.json()) as { actionData: Record<string, { result: { error: Record<string, string[]> } }> }).actionData["routes/cats.$catId"]!.result.error
      .document;
  const rabiesRecords = () => database.db.select().from(vaccineRecords).where(eq(vaccineRecords.vaccine, "rabies"));

  it("takes a certificate larger than the general form cap and goes back to the cat's records", async () => {
    const bigPdf = new Blob([new Uint8Array(testPdf("x".repeat(2 * 1024 * 1024)))]);
    const res = await post(form(bigPdf));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/cats/${cat.id}?uploaded=rabies#vaccines`);
    expect(await rabiesRecords()).toHaveLength(1);
  });

  it("refuses a file that is not a certificate by its bytes, or a date ten years out, under the field, and keeps what was there", async () => {
    const text = await post(form(new Blob(["not a pdf at all"])));
    expect(text.status).toBe(400);
    expect(await documentError(text)).toEqual(["Upload the certificate as a PDF, JPEG, PNG or WebP file; this file is none of them."]);
    const [year, rest] = [Number(today.slice(0, 4)) + 10, today.slice(4)];
    expect((await post(form(new Blob([new Uint8Array(PDF)]), { expiresOn: `${year}${rest}` }))).status).toBe(400);
    expect(await rabiesRecords()).toHaveLength(1);
  });

  it("answers a 50 MB upload with a page that says what is accepted, and saves nothing", async () => {
    const res = await startUpload(50 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(res.body).toContain("That file is too large");
    expect(await rabiesRecords()).toHaveLength(1);
  });

  it("gives another household 404 and stores nothing", async () => {
    const res = await post(form(new Blob([new Uint8Array(PDF)])), cookies.stranger);
    expect(res.status).toBe(404);
    expect(await rabiesRecords()).toHaveLength(1);
  });

  describe("a certificate is decoded, not sniffed", () => {
    const felvRecords = () => database.db.select().from(vaccineRecords).where(eq(vaccineRecords.vaccine, "felv"));
    const upload = (bytes: Buffer, name: string) => post(form(new Blob([new Uint8Array(bytes)]), { vaccine: "felv", name }));

    it("refuses an image bomb, a truncated image and a web page named PDF with a message that says what to upload, and stores nothing", async () => {
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
        .jpeg()
        .toBuffer();
      const bad: [string, Buffer, string][] = [
        ["bomb.png", grayPng(30000, 30000, { rows: 30000 }), documentImageTooLargeMessage(30000, 30000)],
        ["header.png", grayPng(30000, 30000), documentImageTooLargeMessage(30000, 30000)],
        ["cut.jpg", jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), DOCUMENT_IMAGE_UNREADABLE_MESSAGE],
        ["page.pdf", htmlPdf(), DOCUMENT_PDF_UNREADABLE_MESSAGE],
      ];
      for (const [name, bytes, message] of bad) {
        const res = await upload(bytes, name);
        expect(res.status, name).toBe(400);
        expect(await documentError(res), name).toEqual([message]);
      }
      expect(await felvRecords()).toEqual([]);
    });

    it("stores a real PDF and a real image, and serves each back sandboxed", async () => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      for (const [name, bytes, type] of [
        ["felv.pdf", testPdf("FeLV"), "application/pdf"],
        ["felv.png", png, "image/png"],
      ] as const) {
        const res = await upload(bytes, name);
        expect(res.status, name).toBe(302);
        const [current] = (await felvRecords()).filter((r) => r.replacedAt === null);
        expect(current, name).toMatchObject({ documentType: type, documentName: name, documentSize: bytes.length });
        const served = await get(`/vaccine-records/${current!.id}/document`, cookies.owner);
        expect(served.headers.get("content-type")).toBe(type);
        expect(served.headers.get("content-security-policy")).toMatch(SANDBOXED);
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      }
      expect(await felvRecords()).toHaveLength(2);
    });
  });
});
