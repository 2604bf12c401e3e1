import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import type { Database } from "../db/client";
import { testPageBuild } from "../testing/page-build";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";

const CAP = 2_000;

/** The real /unsubscribe route module behind the page handler. */
const build = testPageBuild({ "routes/unsubscribe": { path: "unsubscribe", module: unsubscribeRoute } });

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startPageTestServer(database, build, { MAX_BODY_BYTES: String(CAP) });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const post = (path: string, body: BodyInit | undefined, contentType?: string) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: contentType ? { "content-type": contentType } : {}, body });

/** A body sent in chunks without a Content-Length, as a client streaming an upload would. */
function postChunked(path: string, chunk: Buffer, times: number, contentType: string) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const url = new URL(path, server.url);
    const req = http.request(url, { method: "POST", headers: { "content-type": contentType, "transfer-encoding": "chunked" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", reject);
    let sent = 0;
    const write = () => {
      while (sent < times) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("page actions", () => {
  it("receive a well-formed form as before", async () => {
    const res = await post("/unsubscribe", new URLSearchParams({ token: "no-such-token" }), "application/x-www-form-urlencoded");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ actionData: { "routes/unsubscribe": { state: "invalid" } } });

    const multipart = new FormData();
    multipart.set("token", "no-such-token");
    expect((await post("/unsubscribe", multipart)).status).toBe(404);
  });

  const boundary = "----cathotel";
  it.each<[string, BodyInit | undefined, string | undefined]>([
    ["no body and no content type", undefined, undefined],
    ["a body without a content type", "token=abc", undefined],
    ["plain text", "token=abc", "text/plain"],
    ["JSON", JSON.stringify({ token: "abc" }), "application/json"],
    ["malformed JSON", "{token:", "application/json"],
    ["XML", "<token>abc</token>", "application/xml"],
    ["binary bytes", new Uint8Array([0, 159, 146, 150, 255, 1, 2]), "application/octet-stream"],
    ["an unknown type", "token=abc", "application/x-cat"],
    ["a bare type word", "token=abc", "form"],
    ["multipart without a boundary", "token=abc", "multipart/form-data"],
    ["multipart with an empty boundary", "token=abc", "multipart/form-data; boundary="],
    ["multipart whose body is not multipart", "token=abc", `multipart/form-data; boundary=${boundary}`],
    ["multipart cut short", `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc`, `multipart/form-data; boundary=${boundary}`],
    [
      "multipart with a part without a name",
      `--${boundary}\r\nContent-Type: text/plain\r\n\r\nabc\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    ],
    [
      "multipart with another boundary",
      `--other\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--other--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    ],
    ["multipart with a broken header", `--${boundary}\r\nContent-Disposition\r\n\r\nabc\r\n--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`],
    ["multipart with binary junk", new Uint8Array([45, 45, 0, 255, 13, 10, 13, 10]), `multipart/form-data; boundary=${boundary}`],
    [
      "multipart/mixed (not a form)",
      `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--${boundary}--\r\n`,
      `multipart/mixed; boundary=${boundary}`,
    ],
    ["text/html", "<p>token</p>", "text/html"],
    ["a content type with only parameters", "token=abc", "; charset=utf-8"],
  ])("answer %s with a 400 page, never a 500", async (_label, body, contentType) => {
    const res = await post("/unsubscribe", body, contentType);
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain("We could not read that form");
    expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("refuse a declared length over the cap with a 413 page before reading it", async () => {
    const res = await post("/unsubscribe", `token=${"x".repeat(CAP)}`, "application/x-www-form-urlencoded");
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("That was too much to send");
  });

  it("count a chunked body and stop at the cap with a 413 page", async () => {
    const res = await postChunked("/unsubscribe", Buffer.from(`token=${"x".repeat(494)}`), 10, "application/x-www-form-urlencoded");
    expect(res.status).toBe(413);
    expect(res.type).toMatch(/^text\/html/);
    expect(res.body).toContain("That was too much to send");
  });

  it("take a chunked body under the cap", async () => {
    const res = await postChunked("/unsubscribe", Buffer.from("token=no-such-token"), 1, "application/x-www-form-urlencoded");
    expect(res.status).toBe(404);
  });
});

describe("API bodies", () => {
  it("a declared length over the cap is a JSON 413 whatever the content type", async () => {
    const res = await post("/api/callback", "x".repeat(CAP + 1), "text/plain");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." } });
  });

  it("a chunked JSON body over the cap is a JSON 413", async () => {
    const res = await postChunked("/api/callback", Buffer.from(" ".repeat(500)), 10, "application/json");
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
