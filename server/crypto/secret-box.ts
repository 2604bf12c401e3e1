import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env";
import type { Logger } from "../logger";

/**
 * AES-256-GCM for small secrets stored in the database (the WordPress application password).
 *
 * Sealed form: `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts). The key id is a fingerprint
 * of the key, stored with the ciphertext so a key change is detected and named instead of failing
 * as "corrupt". The caller passes associated data that binds the ciphertext to its row: a sealed
 * value copied into another row does not open.
 */

export interface SecretKey {
  id: string;
  key: Buffer;
}

/** The current key seals; every key in the ring may open (old keys stay while values are re-sealed). */
export interface SecretKeyRing {
  current: SecretKey;
  all: SecretKey[];
}

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function secretKeyFromHex(hex: string): SecretKey {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new SecretBoxError("An encryption key must be 64 hex characters (32 bytes).");
  const key = Buffer.from(hex, "hex");
  const id = crypto.createHash("sha256").update("secret-box key id").update(key).digest("hex").slice(0, 12);
  return { id, key };
}

export function createKeyRing(currentHex: string, previousHex: string[] = []): SecretKeyRing {
  const current = secretKeyFromHex(currentHex);
  return { current, all: [current, ...previousHex.map(secretKeyFromHex)] };
}

export function sealSecret(ring: SecretKeyRing, plaintext: string, associatedData: string): { sealed: string; keyId: string } {
  const { id, key } = ring.current;
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  const sealed = [VERSION, id, iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(".");
  return { sealed, keyId: id };
}

/** Opens a sealed value; any tampering, a wrong row, or an unknown key throws SecretBoxError. */
export function openSecret(ring: SecretKeyRing, sealed: string, associatedData: string): string {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError("Sealed secret is malformed.");
  const [, keyId, ivPart, ciphertextPart, tagPart] = parts as [string, string, string, string, string];
  const secretKey = ring.all.find((k) => k.id === keyId);
  if (!secretKey) {
    throw new SecretBoxError(`Sealed secret uses encryption key ${keyId}, which is not configured; enter the secret again.`);
  }
  const iv = Buffer.from(ivPart, "base64url");
  const tag = Buffer.from(tagPart, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError("Sealed secret is malformed.");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", secretKey.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextPart, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("Sealed secret failed authentication: it was altered or belongs to another record.");
  }
}

const DEV_KEY_FILE = "encryption.key";

/**
 * The key ring from ENCRYPTION_KEY. Outside production, without it, a random key is created once
 * and kept in DATA_DIR (mode 0600) so saved passwords survive restarts on a laptop; production
 * refuses to start without ENCRYPTION_KEY (see env.ts).
 */
export function loadKeyRing(env: Pick<Env, "ENCRYPTION_KEY" | "DATA_DIR" | "isProduction">, logger?: Logger): SecretKeyRing {
  if (env.ENCRYPTION_KEY) return createKeyRing(env.ENCRYPTION_KEY);
  if (env.isProduction) throw new SecretBoxError("ENCRYPTION_KEY is required in production.");
  const file = path.resolve(env.DATA_DIR, DEV_KEY_FILE);
  let hex: string;
  try {
    hex = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    hex = crypto.randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: "wx" });
      logger?.warn({ file }, "ENCRYPTION_KEY is not set: created a development encryption key");
    } catch (writeError) {
      // Another process created it first: use theirs.
      if ((writeError as NodeJS.ErrnoException).code !== "EEXIST") throw writeError;
      hex = fs.readFileSync(file, "utf8").trim();
    }
  }
  return createKeyRing(hex);
}
