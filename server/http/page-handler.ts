import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { BodyTooLargeError, bodyCapFor, readBodyCapped, sendPayloadTooLarge } from "./body-limit";
import { sendErrorPage } from "./errors";
import { pageMessages } from "./error-page";
import { type PageCache, sendStoredPage } from "./page-cache";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface PageHandlerOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The cap on a page action's body (MAX_BODY_BYTES; pages that take files have their own, see bodyCapFor). */
  maxBodyBytes: number;
  /** The public pages rendered once per content version (ADR 0119); absent: every page is rendered per request. */
  pageCache?: PageCache;
}

/**
 * Serves the React Router pages, like @react-router/express's handler, except for a body: a page
 * action's body is read here first, counted against `maxBodyBytes` (413 page past it) and must be a
 * form that parses (400 page otherwise), so no action ever meets an unbounded stream or a body it
 * cannot read (which `request.formData()` turns into a 500).
 */
export function createPageHandler(options: PageHandlerOptions): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        try {
          body = await readBodyCapped(req, bodyCapFor(req.path, options.maxBodyBytes));
        } catch (error) {
          if (error instanceof BodyTooLargeError) return sendPayloadTooLarge(req, res);
          throw error;
        }
        if (!(await isReadableForm(req.get("content-type"), body))) return sendErrorPage(res, 400, pageMessages.badForm);
      }
      const cached = await options.pageCache?.lookup(req);
      if (cached?.hit) return sendStoredPage(req, res, cached.hit);
      const response = await handle(toFetchRequest(req, res, body), options.getLoadContext(req, res));
      const stored = cached ? await options.pageCache!.store(cached.key, cached.version, response) : null;
      if (stored) return sendStoredPage(req, res, stored);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** Whether `request.formData()` in an action will succeed: a form content type whose body parses. */
export async function isReadableForm(contentType: string | undefined, body: Buffer): Promise<boolean> {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (!type || !FORM_TYPES.includes(type)) return false;
  try {
    await new Response(new Uint8Array(body), { headers: { "content-type": contentType! } }).formData();
    return true;
  } catch {
    return false;
  }
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body: Buffer | undefined): Request {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => finished || controller.abort());
  return new Request(url.href, { method: req.method, headers, signal: controller.signal, body: body ? new Uint8Array(body) : undefined });
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the response sets replaces the app's default (nosniff, say) rather than repeating it;
  // only Set-Cookie comes several times.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
