import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { E2E_PORT } from "./mail";

/**
 * Addresses every e2e server makes admins at sign-in (its ADMIN_EMAILS). The server sends one sign-in
 * mail per address per minute, so a test that signs in again (a retry, --repeat-each) needs another
 * address: each one is handed out once per run, by claimAdminEmail().
 */
export const E2E_ADMIN_EMAILS = Array.from({ length: 400 }, (_, i) => `admin-${i + 1}@e2e.test`);

/** Where the claims are recorded: one empty file per address handed out, shared by all workers. */
export const ADMIN_CLAIMS_DIR = path.join(os.tmpdir(), `cat-hotel-e2e-admins-${E2E_PORT}`);

/** An admin address no other test of this run has used (creating the claim file is atomic across workers). */
export function claimAdminEmail(): string {
  fs.mkdirSync(ADMIN_CLAIMS_DIR, { recursive: true });
  for (const email of E2E_ADMIN_EMAILS) {
    try {
      fs.closeSync(fs.openSync(path.join(ADMIN_CLAIMS_DIR, email), "wx"));
      return email;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`All ${E2E_ADMIN_EMAILS.length} e2e admin addresses are used: add more to E2E_ADMIN_EMAILS`);
}

/** A customer address nobody has used: it differs per test, project, retry and repeat. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${crypto.randomBytes(5).toString("hex")}@e2e.test`.toLowerCase();
}

const randomInt = (min: number, max: number) => crypto.randomInt(min, max + 1);

/**
 * Ten digits of a callable number in `areaCode` that no other attempt uses (the server refuses the same
 * number again within 15 minutes): a random exchange (not N11, not 555) and line.
 */
export function freshPhoneDigits(areaCode = "949"): string {
  let exchange: number;
  do exchange = randomInt(200, 999);
  while (exchange % 100 === 11 || exchange === 555 || exchange === 976);
  return `${areaCode}${exchange}${String(randomInt(0, 9999)).padStart(4, "0")}`;
}

/** "(949) 249-1234" for ten digits, as the site shows a number. */
export const formatPhoneDigits = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/**
 * A client address no other attempt uses, for X-Forwarded-For (the e2e server trusts it from loopback),
 * so one test's requests never count against another's per-address hourly limits.
 */
export const freshClientIp = () => `100.${randomInt(64, 127)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
