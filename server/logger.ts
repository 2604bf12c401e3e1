import pino from "pino";

export type Logger = pino.Logger;

/** `destination` lets tests capture what would be logged. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
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
