import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import type { IncomingMessage } from "node:http";
import { errorBody, sendErrorPage } from "./errors";
import { DOCUMENT_MAX_BYTES } from "~/domain/vaccines";
import { pageMessages } from "./error-page";

/**
 * The pages whose forms send files (a cat's photo, a vaccine certificate, ADR 0120; a suite type's
 * photo on admin Rooms; a photo on Today, ADR 0157) accept bodies up to the largest file plus the form's other fields; every
 * other body keeps the general cap.
 */
const UPLOAD_PAGES = /^\/(cats\/[^/]+|admin\/rooms|staff\/today)$/;
export const UPLOAD_BODY_MAX_BYTES = DOCUMENT_MAX_BYTES + 256 * 1024;
export const bodyCapFor = (path: string, maxBytes: number) => (UPLOAD_PAGES.test(path) ? Math.max(maxBytes, UPLOAD_BODY_MAX_BYTES) : maxBytes);

export const PAYLOAD_TOO_LARGE_MESSAGE = "The request body is too large.";

/** The answer to a body over the cap: JSON under /api, a page elsewhere; the connection is not kept for the rest of it. */
export function sendPayloadTooLarge(req: ExpressRequest, res: Response) {
  res.setHeader("Connection", "close");
  if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/api") {
    res.status(413).json(errorBody("PAYLOAD_TOO_LARGE", PAYLOAD_TOO_LARGE_MESSAGE));
  } else {
    sendErrorPage(res, 413, UPLOAD_PAGES.test(req.path) ? pageMessages.fileTooLarge : pageMessages.tooLarge);
  }
}

/**
 * Refuses, before anything reads it, a body whose Content-Length is over `maxBytes`, on every route.
 * A body sent without a length (chunked) is counted as it is read: by the API's parsers (their
 * `limit`) and by the page handler (`readBodyCapped`). `ownCaps` lists the paths that read their
 * body with a cap of their own (image uploads).
 */
export function capRequestBodies({ maxBytes, ownCaps = [] }: { maxBytes: number; ownCaps?: string[] }): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    if (declared === undefined || ownCaps.some((path) => req.path === path || req.path.startsWith(`${path}/`))) return next();
    const length = Number(declared);
    if (Number.isFinite(length) && length > bodyCapFor(req.path, maxBytes)) return sendPayloadTooLarge(req, res);
    next();
  };
}

export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super(PAYLOAD_TOO_LARGE_MESSAGE);
  }
}

/**
 * Reads a request body into memory, counting as it goes: past `maxBytes` it stops reading and
 * throws BodyTooLargeError, so no more than the cap is ever held, whatever the sender declared.
 */
export function readBodyCapped(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        cleanup();
        // Stop taking data in; the 413 answer closes the connection.
        req.pause();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAborted = () => onError(new Error("the client aborted the request"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onAborted);
  });
}
