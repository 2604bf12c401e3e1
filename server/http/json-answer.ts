import type { Response } from "express";

/**
 * A JSON answer to a POST, written with its head in one go: no ETag (a POST's answer is never
 * revalidated, so hashing its body is work for nothing) and none of `res.json`'s settings lookups.
 * The headers set before it (security headers, the request id) are kept (ADR 0226).
 */
export function sendJson(res: Response, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(json)) });
  res.end(json);
}
