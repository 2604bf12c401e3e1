import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { ConnectionInfo, Credentials } from "~/features/wordpress/schema";
import { openSecret, SecretBoxError, type SecretKeyRing, sealSecret } from "../crypto/secret-box";
import type { Db } from "../db/client";
import { wordpressConnections } from "../db/schema/index";
import { AppError } from "../http/errors";

/**
 * The saved WordPress connection. The application password is sealed with AES-256-GCM, bound to
 * the row's id; reads that do not need it never select it.
 */

export const DEFAULT_CONNECTION_NAME = "default";

export interface SavedConnection {
  id: string;
  url: string;
  username: string;
  info: ConnectionInfo;
  keyId: string;
}

/**
 * Binds a sealed password to one row and to the site URL and username it was saved for: copied into
 * another row, or left behind when the row's URL or username changes, it no longer opens.
 */
export function passwordAssociatedData(connectionId: string, site: { url: string; username: string }): string {
  return `wordpress_connections:${connectionId}:password:${JSON.stringify([site.url, site.username])}`;
}

/** How passwords sealed before the binding to the site were bound: to the row only. */
function legacyPasswordAssociatedData(connectionId: string): string {
  return `wordpress_connections:${connectionId}:password`;
}

/**
 * Opens a row's password for the URL and username the row holds now. Rows sealed before the site
 * binding open with the row-only binding; the next save with a password seals them the new way.
 */
export function openConnectionPassword(ring: SecretKeyRing, row: { id: string; url: string; username: string; passwordCiphertext: string }): string {
  try {
    return openSecret(ring, row.passwordCiphertext, passwordAssociatedData(row.id, row));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    try {
      return openSecret(ring, row.passwordCiphertext, legacyPasswordAssociatedData(row.id));
    } catch {
      throw error;
    }
  }
}

function toInfo(row: { connectionName: string; lastTestedAt: Date | null; lastTestStatus: string | null }): ConnectionInfo {
  return {
    connection_name: row.connectionName,
    last_tested_at: row.lastTestedAt?.toISOString() ?? null,
    last_test_status: row.lastTestStatus,
  };
}

export async function findConnection(db: Db, name = DEFAULT_CONNECTION_NAME): Promise<SavedConnection | undefined> {
  const [row] = await db
    .select({
      id: wordpressConnections.id,
      url: wordpressConnections.url,
      username: wordpressConnections.username,
      keyId: wordpressConnections.keyId,
      connectionName: wordpressConnections.connectionName,
      lastTestedAt: wordpressConnections.lastTestedAt,
      lastTestStatus: wordpressConnections.lastTestStatus,
    })
    .from(wordpressConnections)
    .where(eq(wordpressConnections.connectionName, name))
    .limit(1);
  return row && { id: row.id, url: row.url, username: row.username, keyId: row.keyId, info: toInfo(row) };
}

/** The saved credentials with the password opened; throws a clear AppError when there are none or it cannot be opened. */
export async function loadConnectionSecret(db: Db, ring: SecretKeyRing, name = DEFAULT_CONNECTION_NAME): Promise<SavedConnection & { password: string }> {
  const [row] = await db.select().from(wordpressConnections).where(eq(wordpressConnections.connectionName, name)).limit(1);
  if (!row) {
    throw new AppError(400, "NO_CREDENTIALS", "No saved WordPress credentials found. Save the connection settings first.");
  }
  let password: string;
  try {
    password = openConnectionPassword(ring, row);
  } catch (error) {
    if (error instanceof SecretBoxError) {
      throw new AppError(409, "CREDENTIALS_UNREADABLE", `The saved application password cannot be decrypted (${error.message}) Enter it again and save.`);
    }
    throw error;
  }
  return { id: row.id, url: row.url, username: row.username, keyId: row.keyId, info: toInfo(row), password };
}

export const SITE_CHANGED_MESSAGE =
  "Enter the application password for this site and user: the saved password is only used with the site URL and username it was saved with.";

/**
 * Creates or replaces the saved connection. `password` undefined keeps the stored one (the form
 * sent back the mask); that needs an existing row with the same URL and username, so a changed
 * URL or username always comes with its own password and the old one is replaced.
 */
export async function saveConnection(
  db: Db,
  ring: SecretKeyRing,
  input: { url: string; username: string; password: string | undefined },
  name = DEFAULT_CONNECTION_NAME,
): Promise<SavedConnection> {
  const existing = await findConnection(db, name);
  const id = existing?.id ?? crypto.randomUUID();
  let sealed: { sealed: string; keyId: string } | undefined;
  if (input.password !== undefined) {
    sealed = sealSecret(ring, input.password, passwordAssociatedData(id, input));
  } else if (!existing) {
    throw new AppError(400, "PASSWORD_REQUIRED", "Enter the application password: none is saved yet.");
  } else if (existing.url !== input.url || existing.username !== input.username) {
    // The saved password belongs to the site and user it was saved with: carried over to another
    // URL, the next connection test would send it there.
    throw new AppError(400, "PASSWORD_REQUIRED", SITE_CHANGED_MESSAGE);
  }
  const now = new Date();
  const changed = !existing || existing.url !== input.url || existing.username !== input.username || sealed !== undefined;
  if (existing) {
    await db
      .update(wordpressConnections)
      .set({
        url: input.url,
        username: input.username,
        ...(sealed ? { passwordCiphertext: sealed.sealed, keyId: sealed.keyId } : {}),
        // New credentials have not been tested yet.
        ...(changed ? { lastTestedAt: null, lastTestStatus: null } : {}),
        updatedAt: now,
      })
      .where(eq(wordpressConnections.id, id));
  } else if (sealed) {
    await db.insert(wordpressConnections).values({
      id,
      connectionName: name,
      url: input.url,
      username: input.username,
      passwordCiphertext: sealed.sealed,
      keyId: sealed.keyId,
    });
  }
  const saved = await findConnection(db, name);
  if (!saved) throw new Error("saved connection vanished");
  return saved;
}

export async function recordConnectionTest(db: Db, id: string, passed: boolean, at: Date): Promise<void> {
  await db
    .update(wordpressConnections)
    .set({ lastTestedAt: at, lastTestStatus: passed ? "passed" : "failed" })
    .where(eq(wordpressConnections.id, id));
}

/** The credentials a request means: the mask stands for the saved password of the same site and user. */
export async function resolveCredentials(
  db: Db,
  ring: SecretKeyRing,
  credentials: Credentials,
  mask: string,
): Promise<{ credentials: Credentials; savedId?: string }> {
  const saved = await findConnection(db);
  const sameConnection = saved && saved.url === credentials.url && saved.username === credentials.username;
  if (credentials.password !== mask) return { credentials, savedId: sameConnection ? saved.id : undefined };
  if (!sameConnection) throw new AppError(400, "PASSWORD_REQUIRED", SITE_CHANGED_MESSAGE);
  const secret = await loadConnectionSecret(db, ring);
  return { credentials: { ...credentials, password: secret.password }, savedId: saved.id };
}
