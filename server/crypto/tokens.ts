import crypto from "node:crypto";

/** A 256-bit random secret, URL-safe (43 characters). Used for link tokens and session tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * SHA-256 of a high-entropy token. Enough for 256-bit random values: nothing to brute-force, and a
 * lookup by hash is an ordinary unique-index query.
 */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const CODE_LENGTH = 6;

/** The short code typed on another device: 6 digits, uniformly random. */
export function randomCode(): string {
  return crypto
    .randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
}

/**
 * A 6-digit code has only a million values, so a plain hash would be reversed in milliseconds from a
 * copy of the table. It is keyed with the server secret and bound to its verification row instead.
 */
export function hashCode(code: string, verificationId: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`${verificationId}:${code}`).digest("hex");
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The key of the codes' HMACs and of signed links; production requires SESSION_SECRET (server/env.ts). */
export const codeSecret = (env: { SESSION_SECRET?: string }) => env.SESSION_SECRET ?? "development-only-code-secret";
