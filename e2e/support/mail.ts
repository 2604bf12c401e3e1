import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ReceivedMail } from "../../server/testing/test-smtp";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The test SMTP listener (started in global-setup.ts); the e2e server's SMTP_URL points here. */
export const SMTP_PORT = E2E_PORT + 25;
/** Where the listener writes each received mail as JSON, for the test workers to read. */
export const MAIL_DIR = path.join(os.tmpdir(), `cat-hotel-e2e-mail-${E2E_PORT}`);

/** Every mail to `to` that arrived after `since`, newest first (to count them: a mail sent once). */
export function mailsTo(to: string, since: number): ReceivedMail[] {
  const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR) : [];
  return files
    .map((name) => ({ name, at: fs.statSync(path.join(MAIL_DIR, name)).mtimeMs }))
    .filter((f) => f.at >= since)
    .sort((a, b) => b.at - a.at)
    .map((f) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f.name), "utf8")) as ReceivedMail)
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The newest mail to `to` that arrived after `since`. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailsTo(to, since)[0];
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms (looked in ${MAIL_DIR})`);
}
