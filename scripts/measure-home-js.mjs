// Prints the gzip size of the JavaScript the home page loads before any interaction:
// every <script src> and <link rel="modulepreload"> in the rendered HTML, the route chunks that
// the router's inline manifest imports, and an island's entry and chunks (its loader script).
// Usage: node scripts/measure-home-js.mjs [url]   (default: a running server at http://localhost:3000/)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const url = process.argv[2] ?? "http://localhost:3000/";
const html = await (await fetch(url)).text();
const files = new Set();
for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?\(?"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/(\["\/assets\/[^\]]*\])\.forEach/g)) for (const file of JSON.parse(m[1])) files.add(file);
let raw = 0;
let gz = 0;
for (const file of [...files].sort()) {
  const buf = fs.readFileSync(path.join("build/client", file));
  const size = zlib.gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB gz  ${file}`);
}
console.log(`total: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (${files.size} files)`);
