import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache, sendStoredPage, type StoredPage } from "./page-cache";

const html = `<!doctype html><html><body>${"<p>A calm, cat-only hotel.</p>".repeat(200)}</body></html>`;
let server: http.Server;
let port: number;

beforeAll(async () => {
  const cache = createPageCache({ paths: ["/"], version: async () => "1.1", onNewVersion: () => {} });
  const page = (await cache.store("/", "1.1", new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }))) as StoredPage;
  const app = express();
  app.get("/", (req, res) => sendStoredPage(req, res, page));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The Content-Encoding of the stored page's answer to a client that sends this Accept-Encoding. */
const encodingFor = (accept: string | null) =>
  new Promise<string | undefined>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", headers: accept === null ? {} : { "accept-encoding": accept } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers["content-encoding"]));
      })
      .on("error", reject);
  });

describe("a stored page's encoding", () => {
  it("is brotli for a browser that accepts it, though it names gzip first", async () => {
    expect(await encodingFor("gzip, deflate, br, zstd")).toBe("br");
  });

  it("is gzip for a client without brotli, or one that refuses it", async () => {
    expect(await encodingFor("gzip, deflate")).toBe("gzip");
    expect(await encodingFor("gzip, br;q=0")).toBe("gzip");
  });

  it("is the page as it is for a client that accepts no compression", async () => {
    expect(await encodingFor(null)).toBeUndefined();
  });
});
