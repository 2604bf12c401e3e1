import pino from "pino";

export type Logger = pino.Logger;

/**
 * Where a request's logger (`logRequests`, `server/http/request-log.ts`) keeps its request: each line
 * it writes gets it as `req`, serialized then (ADR 0226).
 */
export const REQUEST_OF_LOGGER = Symbol("the request this logger's lines are about");

/** `destination` lets tests capture what would be logged. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      mixin: (_line, _level, logger) => {
        const request = (logger as Logger & { [REQUEST_OF_LOGGER]?: unknown })[REQUEST_OF_LOGGER];
        return request === undefined ? {} : { req: request };
      },
      // Never let secrets reach the logs, whatever object a caller passes in.
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "password", "*.password", "token", "*.token"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/** Hides `token=` values in a URL that is about to be logged (sign-in links carry one). */
export function redactSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}
