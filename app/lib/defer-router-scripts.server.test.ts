import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferRouterScripts } from "./defer-router-scripts.server";

// The tags as React Router's <Scripts> and React write them (see ADR 0137).
const page = [
  '<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/><link rel="stylesheet" href="/assets/root.css"/></head>',
  '<body><main><p>Use &lt;script type="module" async=""&gt; freely in text.</p></main>',
  '<script nonce="n1">window.__reactRouterContext = {};</script>',
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

async function throughTransform(chunks: string[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(deferRouterScripts())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("deferRouterScripts", () => {
  it("makes the module script and its preloads inert and leaves everything else as it was", async () => {
    const html = await throughTransform([page]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="x-deferred-modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>');
    expect(html).toContain('<script nonce="n1" type="x-deferred-module">import * as route0');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(html).toContain('Use &lt;script type="module" async=""&gt; freely in text.');
  });

  it("gives the same page whatever the chunk boundaries, even inside a tag or a character", async () => {
    const whole = await throughTransform([page]);
    const bytes = Buffer.from(`${page}<p>Café</p>`);
    for (const size of [1, 7, 33, 100]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(deferRouterScripts())) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8")).toBe(`${whole}<p>Café</p>`);
    }
  });
});
