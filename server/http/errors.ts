import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { sqlStateOf } from "../db/sql-state";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";
import type { Logger } from "../logger";
import { errorPageHtml, pageMessages } from "./error-page";

/**
 * Domain code throws AppError with a stable code; it becomes HTTP only at the edge.
 * Anything else is a bug: logged in full, answered with a generic 500 and no stack.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** For a 429 or 503: when the client may try again, in seconds (the Retry-After header). */
  retryAfterSeconds?: number;

  retryAfter(ms: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
    return this;
  }
}

/** What a person reads when text reached the database with a character it cannot store. */
export const UNSTORABLE_TEXT_MESSAGE = "The text contains a character we can't store (a control character). Remove it and try again.";

/**
 * The database's refusal of a character in text (a NUL: character_not_in_repertoire 22021; a
 * `\u0000` in JSON: untranslatable_character 22P05) as the client's 400, or undefined for any other
 * error. The text schema strips such characters at the edge (`app/lib/zod.ts`); this is the last line,
 * for a value that reached a query some other way (ADR 0170).
 */
export function storableTextRefusal(error: unknown): AppError | undefined {
  const state = sqlStateOf(error);
  if (state !== "22021" && state !== "22P05") return undefined;
  return new AppError(400, "UNSTORABLE_TEXT", UNSTORABLE_TEXT_MESSAGE);
}

/** Without a better figure, a refusal asks the client to wait a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export function errorBody(code: string, message: string, details?: Record<string, unknown>): ErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

export const DATABASE_UNAVAILABLE_MESSAGE = "Our service is briefly unavailable. Please try again in a few seconds.";

/** Every 503 says when to come back. */
function retryLater(res: Response, seconds = DATABASE_RETRY_AFTER_SECONDS) {
  res.setHeader("Retry-After", String(seconds));
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody("NOT_FOUND", `No API route for ${req.method} ${req.path}`));
};

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (thrown, req, res, next) => {
    if (res.headersSent) return next(thrown);
    const err = storableTextRefusal(thrown) ?? thrown;
    if (err instanceof AppError) {
      // Every 429 and 503 says when to come back.
      if (err.status === 429 || err.status === 503) {
        const fromDetails = err.details?.retryAfterSeconds;
        const seconds = err.retryAfterSeconds ?? (typeof fromDetails === "number" ? fromDetails : undefined);
        retryLater(res, seconds ?? (err.status === 503 ? DATABASE_RETRY_AFTER_SECONDS : DEFAULT_RETRY_AFTER_SECONDS));
      }
      res.status(err.status).json(errorBody(err.code, err.message, err.details));
      return;
    }
    // body-parser errors carry a status and a type; they are the client's fault.
    const status = typeof err?.status === "number" ? err.status : 500;
    if (status === 413) {
      res.status(413).json(errorBody("PAYLOAD_TOO_LARGE", "The request body is too large."));
      return;
    }
    if (status === 400 && err?.type === "entity.parse.failed") {
      res.status(400).json(errorBody("INVALID_JSON", "The request body is not valid JSON."));
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json(errorBody("BAD_REQUEST", "The request could not be understood."));
      return;
    }
    if (isDatabaseUnavailable(err)) {
      (req.log ?? logger).warn({ err }, "database unavailable");
      retryLater(res);
      res.status(503).json(errorBody("DATABASE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE));
      return;
    }
    (req.log ?? logger).error({ err }, "unhandled API error");
    res.status(500).json(errorBody("INTERNAL", "Something went wrong on our side. Please try again."));
  };
}

/** Sends one of the self-contained error pages (see error-page.ts). */
export function sendErrorPage(res: Response, status: number, page: { title: string; message: string }) {
  if (status === 503) retryLater(res);
  res
    .status(status)
    .type("html")
    .send(errorPageHtml(status, page.title, page.message));
}

/**
 * The last handler for everything outside /api (pages, media, assets): a page, never Express's
 * default answer, which prints the stack trace in development.
 */
export function pageErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (isDatabaseUnavailable(err)) {
      (req.log ?? logger).warn({ err }, "database unavailable");
      return sendErrorPage(res, 503, pageMessages.unavailable);
    }
    const status = typeof err?.status === "number" ? err.status : 500;
    if (status === 413) return sendErrorPage(res, 413, pageMessages.tooLarge);
    if (status >= 400 && status < 500) return sendErrorPage(res, 400, pageMessages.badForm);
    (req.log ?? logger).error({ err }, "unhandled page error");
    sendErrorPage(res, 500, pageMessages.internal);
  };
}
