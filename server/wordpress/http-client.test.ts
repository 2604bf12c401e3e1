import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeHttpClient, isBlockedAddress, OutboundRequestError } from "./http-client";

/** A loopback listener that counts every TCP connection it is offered. */
let canary: net.Server;
let canaryV6: net.Server | undefined;
let canaryPort: number;
let canaryConnections = 0;

/** A local "site", allowlisted per test, used to exercise redirects, caps and time-outs. */
let site: http.Server;
let sitePort: number;
let lastAuthorizationSeen: string | undefined;

beforeAll(async () => {
  canary = net.createServer((socket) => {
    canaryConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryPort = (canary.address() as AddressInfo).port;
  const v6 = net.createServer((socket) => {
    canaryConnections++;
    socket.destroy();
  });
  canaryV6 = await new Promise<net.Server | undefined>((resolve) => {
    v6.once("error", () => resolve(undefined));
    v6.listen(canaryPort, "::1", () => resolve(v6));
  });

  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/to-canary") {
      res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/` }).end();
    } else if (url.pathname === "/to-localhost") {
      res.writeHead(307, { location: `http://localhost:${canaryPort}/` }).end();
    } else if (url.pathname === "/to-file") {
      res.writeHead(302, { location: "file:///etc/passwd" }).end();
    } else if (url.pathname === "/loop") {
      res.writeHead(302, { location: "/loop" }).end();
    } else if (url.pathname === "/hop") {
      res.writeHead(301, { location: "/ok" }).end();
    } else if (url.pathname === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      for (let i = 0; i < 32; i++) res.write(chunk);
      res.end();
    } else if (url.pathname === "/slow") {
      // Never answers.
    } else if (url.pathname === "/other-origin") {
      res.writeHead(302, { location: `http://localhost:${sitePort}/ok` }).end();
    } else {
      lastAuthorizationSeen = req.headers.authorization;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, method: req.method }));
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => canary.close(resolve));
  if (canaryV6) await new Promise((resolve) => canaryV6?.close(resolve));
  // The whole point: nothing refused ever reached a loopback socket.
  expect(canaryConnections).toBe(0);
});

async function refusal(promise: Promise<unknown>): Promise<OutboundRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  return error as OutboundRequestError;
}

describe("SSRF-safe client without an allowlist", () => {
  const client = createSafeHttpClient();

  it.each([
    ["127.0.0.1", () => `http://127.0.0.1:${canaryPort}/`],
    ["localhost (resolved at connect time)", () => `http://localhost:${canaryPort}/`],
    ["[::1]", () => `http://[::1]:${canaryPort}/`],
    ["IPv4-mapped [::ffff:127.0.0.1]", () => `http://[::ffff:127.0.0.1]:${canaryPort}/`],
    ["0.0.0.0", () => `http://0.0.0.0:${canaryPort}/`],
    ["decimal 2130706433", () => `http://2130706433:${canaryPort}/`],
    ["hex 0x7f.0.0.1", () => `http://0x7f.0.0.1:${canaryPort}/`],
    ["octal 0177.0.0.01", () => `http://0177.0.0.01:${canaryPort}/`],
    ["cloud metadata 169.254.169.254", () => "http://169.254.169.254/latest/meta-data/"],
    ["private 10.0.0.1", () => "http://10.0.0.1/"],
    ["private 192.168.1.1", () => "http://192.168.1.1/"],
    ["CGNAT 100.64.0.1", () => "http://100.64.0.1/"],
    ["ULA [fd00::1]", () => "http://[fd00::1]/"],
    ["link-local [fe80::1]", () => "http://[fe80::1]/"],
  ])("refuses %s", async (_label, url) => {
    const error = await refusal(client.request({ url: url() }));
    expect(error.code).toBe("BLOCKED_ADDRESS");
    expect(error.message).toMatch(/private, local or reserved/);
  });

  it.each([
    ["file:", "file:///etc/passwd"],
    ["gopher:", () => `gopher://127.0.0.1:${canaryPort}/_HELLO`],
    ["ftp:", "ftp://example.com/"],
  ])("refuses the %s scheme", async (_label, url) => {
    const error = await refusal(client.request({ url: typeof url === "function" ? url() : url }));
    expect(error.code).toBe("BLOCKED_PROTOCOL");
  });

  it("refuses URLs with embedded credentials and garbage", async () => {
    expect((await refusal(client.request({ url: "http://user:pw@example.com/" }))).code).toBe("INVALID_URL");
    expect((await refusal(client.request({ url: "not a url" }))).code).toBe("INVALID_URL");
  });
});

describe("SSRF-safe client with an allowlisted test site", () => {
  const client = () => createSafeHttpClient({ allowedHosts: [`127.0.0.1:${sitePort}`] });

  it("reaches an allowlisted host:port", async () => {
    const response = await client().request({ url: `http://127.0.0.1:${sitePort}/ok` });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ ok: true, method: "GET" });
  });

  it("an allowlisted host on another port is still refused", async () => {
    expect((await refusal(client().request({ url: `http://127.0.0.1:${canaryPort}/` }))).code).toBe("BLOCKED_ADDRESS");
  });

  it("re-checks redirects: to a loopback address, to localhost, to file:", async () => {
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/to-canary` }))).code).toBe("BLOCKED_ADDRESS");
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/to-localhost` }))).code).toBe("BLOCKED_ADDRESS");
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/to-file` }))).code).toBe("BLOCKED_PROTOCOL");
  });

  it("follows at most three redirects", async () => {
    const ok = await client().request({ url: `http://127.0.0.1:${sitePort}/hop` });
    expect(ok.redirects).toBe(1);
    expect(ok.url).toBe(`http://127.0.0.1:${sitePort}/ok`);
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/loop` }))).code).toBe("TOO_MANY_REDIRECTS");
  });

  it("drops the Authorization header when a redirect changes origin", async () => {
    const both = createSafeHttpClient({ allowedHosts: [`127.0.0.1:${sitePort}`, `localhost:${sitePort}`] });
    await both.request({ url: `http://127.0.0.1:${sitePort}/ok`, headers: { authorization: "Basic c2VjcmV0" } });
    expect(lastAuthorizationSeen).toBe("Basic c2VjcmV0");
    await both.request({ url: `http://127.0.0.1:${sitePort}/other-origin`, headers: { authorization: "Basic c2VjcmV0" } });
    expect(lastAuthorizationSeen).toBeUndefined();
  });

  it("caps the body at 1 MB", async () => {
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/big` }))).code).toBe("TOO_LARGE");
  });

  it("times out, saying after how long", async () => {
    const quick = createSafeHttpClient({ allowedHosts: [`127.0.0.1:${sitePort}`], timeoutMs: 300 });
    const started = Date.now();
    const error = await refusal(quick.request({ url: `http://127.0.0.1:${sitePort}/slow` }));
    expect([error.code, error.message]).toEqual(["TIMEOUT", "The site did not answer within 0.3 seconds."]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("a request may ask for less time than the client's time-out, never more", async () => {
    const started = Date.now();
    const error = await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/slow`, timeoutMs: 200 }));
    expect([error.code, error.message]).toEqual(["TIMEOUT", "The site did not answer within 0.2 seconds."]);
    expect(Date.now() - started).toBeLessThan(2000);
    const capped = createSafeHttpClient({ allowedHosts: [`127.0.0.1:${sitePort}`], timeoutMs: 200 });
    expect((await refusal(capped.request({ url: `http://127.0.0.1:${sitePort}/slow`, timeoutMs: 60_000 }))).message).toBe(
      "The site did not answer within 0.2 seconds.",
    );
  });

  it("an aborted signal stops the exchange at once (ABORTED), before or during it", async () => {
    const before = new AbortController();
    before.abort();
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/ok`, signal: before.signal }))).code).toBe("ABORTED");
    const during = new AbortController();
    const started = Date.now();
    setTimeout(() => during.abort(), 100);
    expect((await refusal(client().request({ url: `http://127.0.0.1:${sitePort}/slow`, signal: during.signal }))).code).toBe("ABORTED");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("followRedirects: false answers the redirect itself", async () => {
    const response = await client().request({ url: `http://127.0.0.1:${sitePort}/hop`, followRedirects: false });
    expect([response.status, response.headers.location, response.redirects]).toEqual([301, "/ok", 0]);
  });

  it("reports a refused connection as CONNECTION_FAILED", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(createSafeHttpClient({ allowedHosts: [`127.0.0.1:${port}`] }).request({ url: `http://127.0.0.1:${port}/` }));
    expect(error.code).toBe("CONNECTION_FAILED");
    expect(error.message).toMatch(/connection refused/);
  });
});

describe("isBlockedAddress", () => {
  it("allows public unicast and blocks the special ranges", () => {
    for (const ok of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) expect(isBlockedAddress(ok)).toBe(false);
    for (const bad of ["127.0.0.1", "::1", "::ffff:7f00:1", "::ffff:8.8.8.8", "64:ff9b::7f00:1", "fc00::1", "0.0.0.0", "255.255.255.255", "nonsense"]) {
      expect(isBlockedAddress(bad)).toBe(true);
    }
  });
});
