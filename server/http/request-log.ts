import type { Request, RequestHandler, Response } from "express";
import crypto from "node:crypto";
import pino from "pino";
import { type Logger, REQUEST_OF_LOGGER, redactSecrets } from "../logger";

declare module "http" {
  interface IncomingMessage {
    /** The request's id, also sent as `X-Request-Id`. */
    id: string;
    /** The request's logger: every line it writes carries the request (`req`). */
    log: Logger;
  }
}

/** What a request's logger adds to each line as `req`: the request, and its parameters when it arrived. */
type RequestAsReceived = { req: Request; params: Request["params"] };

/**
 * The request as the log lines show it (as pino-http's serializer, applied twice, did: without the
 * socket's address and port, which the proxy's X-Forwarded-For header stands for), and no sign-in
 * token (sign-in links carry theirs in the query string).
 */
function serializeRequest({ req, params }: RequestAsReceived) {
  const query: unknown = req.query;
  return {
    id: req.id,
    method: req.method,
    url: redactSecrets(req.originalUrl),
    query: query && typeof query === "object" && "token" in query ? { ...query, token: "[redacted]" } : query,
    params,
    headers: req.headers,
  };
}

/**
 * Gives each request an id (`X-Request-Id`) and a logger (`req.log`), and writes one line when its
 * answer is sent: `request completed` (or `aborted`) at info, `request errored` at error for a 5xx.
 * The same lines pino-http wrote, but the request is serialized when a line is written, not when
 * the request arrives: at a level that writes no line a request costs no serializing (ADR 0226).
 */
export function logRequests(logger: Logger, { ignore }: { ignore(req: Request): boolean }): RequestHandler {
  const requestLogs = logger.child({}, { serializers: { req: serializeRequest, res: pino.stdSerializers.res, err: pino.stdSerializers.err } });

  function logAnswer(req: Request, res: Response, startedAt: number, err?: Error) {
    const failed = err !== undefined || res.statusCode >= 500;
    const level = failed ? "error" : "info";
    if (!req.log.isLevelEnabled(level)) return;
    const responseTime = Date.now() - startedAt;
    if (failed) {
      req.log.error({ res, err: err ?? new Error(`failed with status code ${res.statusCode}`), responseTime }, "request errored");
    } else {
      req.log.info({ res, responseTime }, !req.readableAborted && res.writableEnded ? "request completed" : "request aborted");
    }
  }

  return (req, res, next) => {
    const startedAt = Date.now();
    req.id = crypto.randomUUID();
    res.setHeader("X-Request-Id", req.id);
    // A child without bindings costs no serializing; the mixin of `createLogger` adds the request to its lines.
    const log: Logger & { [REQUEST_OF_LOGGER]?: RequestAsReceived } = requestLogs.child({});
    log[REQUEST_OF_LOGGER] = { req, params: req.params };
    req.log = log;

    const answered = (err?: Error) => {
      res.off("close", answered);
      res.off("finish", answered);
      res.off("error", answered);
      logAnswer(req, res, startedAt, err);
    };
    if (!ignore(req)) {
      res.on("close", answered);
      res.on("finish", answered);
    }
    res.on("error", answered);
    next();
  };
}
