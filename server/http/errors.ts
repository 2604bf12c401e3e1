import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../logger";

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
}

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export function errorBody(code: string, message: string, details?: Record<string, unknown>): ErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody("NOT_FOUND", `No API route for ${req.method} ${req.path}`));
};

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof AppError) {
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
    (req.log ?? logger).error({ err }, "unhandled API error");
    res.status(500).json(errorBody("INTERNAL", "Something went wrong on our side. Please try again."));
  };
}
