import { type SecretKeyRing, loadKeyRing, openSecret, sealSecret } from "../crypto/secret-box";
import type { Env } from "../env";

/**
 * A queued message that carries a one-time secret (a sign-in link and code, a phone code) keeps its
 * words sealed with the app's encryption key (ADR 0031's secret box), bound to its queue and row:
 * the database, its backups and its log never hold the secret readable (ADR 0143).
 */

export type SealEnv = Pick<Env, "ENCRYPTION_KEY" | "DATA_DIR" | "isProduction">;

const rings = new WeakMap<SealEnv, SecretKeyRing>();

/** The key ring for one configuration, read once per Env. */
export function messageKeys(env: SealEnv): SecretKeyRing {
  let ring = rings.get(env);
  if (!ring) {
    ring = loadKeyRing(env);
    rings.set(env, ring);
  }
  return ring;
}

const boundTo = (table: "mail_queue" | "sms_queue", id: string) => `${table}:${id}:sealed`;

export const sealMessage = (env: SealEnv, table: "mail_queue" | "sms_queue", id: string, words: unknown): string =>
  sealSecret(messageKeys(env), JSON.stringify(words), boundTo(table, id)).sealed;

export const openMessage = <T>(env: SealEnv, table: "mail_queue" | "sms_queue", id: string, sealed: string): T =>
  JSON.parse(openSecret(messageKeys(env), sealed, boundTo(table, id))) as T;
