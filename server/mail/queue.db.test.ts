import crypto from "node:crypto";
import net from "node:net";
import os from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { mailQueue } from "../db/schema/index";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { createTestDatabase } from "../testing/test-database";
import { startTestSmtp } from "../testing/test-smtp";
import { createMailer } from "./mailer";
import { MAX_ATTEMPTS, deliverQueuedMail, failedMail, queueMail, retryMail } from "./queue";
import { inTransaction } from "../db/transaction";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger("silent");
/** The key that seals a one-time secret's message. */
const keys = loadEnv({ NODE_ENV: "test", ENCRYPTION_KEY: "5e".repeat(32) });
const mailerAt = (smtpUrl: string) =>
  createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: "hotel@example.com", DATA_DIR: os.tmpdir(), PUBLIC_SITE_URL: "http://localhost:3000" }, logger);

/** An SMTP address nobody listens on: the mail server is down. */
async function closedPort(): Promise<string> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return `smtp://127.0.0.1:${port}`;
}

const message = (to: string) => ({
  to,
  subject: "Your stay is confirmed",
  text: "See you soon.",
  html: "<p>See you soon.</p>",
  attachments: [{ filename: "stay.ics", contentType: "text/calendar; charset=utf-8", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
});

describe("the mail queue", () => {
  it("keeps a mail while the mail server is down and delivers it, with its attachment, once the server is back", async () => {
    const { db } = database;
    const to = `${crypto.randomUUID()}@example.com`;
    const key = `test:${crypto.randomUUID()}`;
    const now = new Date();
    await inTransaction(db, (tx) => queueMail(tx, { dedupeKey: key, message: message(to) }, now));
    await inTransaction(db, (tx) => queueMail(tx, { dedupeKey: key, message: message(to) }, now)); // the same change queued twice

    const down = await deliverQueuedMail({ db, mailer: mailerAt(await closedPort()), env: keys }, now);
    expect(down).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key));
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());

    const smtp = await startTestSmtp();
    try {
      // Not due yet: nothing is sent before the pause.
      expect(await deliverQueuedMail({ db, mailer: mailerAt(smtp.url), env: keys }, now)).toEqual({ sent: 0, failed: 0 });
      const later = new Date(waiting!.nextAttemptAt.getTime() + 1);
      expect(await deliverQueuedMail({ db, mailer: mailerAt(smtp.url), env: keys }, later)).toEqual({ sent: 1, failed: 0 });
      const mail = await smtp.waitForMail(to);
      expect(mail.subject).toBe("Your stay is confirmed");
      expect(mail.attachments).toEqual([{ filename: "stay.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }]);
      expect(smtp.mails.filter((m) => m.to === to)).toHaveLength(1);
      const [sent] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key));
      expect(sent).toMatchObject({ status: "sent", lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it("sends each mail once when two deliveries run at once", async () => {
    const { db } = database;
    const smtp = await startTestSmtp();
    try {
      const to = `${crypto.randomUUID()}@example.com`;
      const now = new Date();
      for (let i = 0; i < 5; i++) await inTransaction(db, (tx) => queueMail(tx, { dedupeKey: `test:${crypto.randomUUID()}`, message: message(to) }, now));
      const mailer = mailerAt(smtp.url);
      const runs = await Promise.all([deliverQueuedMail({ db, mailer, env: keys }, now), deliverQueuedMail({ db, mailer, env: keys }, now)]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(5);
      expect(smtp.mails.filter((m) => m.to === to)).toHaveLength(5);
    } finally {
      await smtp.close();
    }
  });

  it("gives up after the last attempt and marks the mail failed for staff to see", async () => {
    const { db } = database;
    const key = `test:${crypto.randomUUID()}`;
    let now = new Date();
    await inTransaction(db, (tx) => queueMail(tx, { dedupeKey: key, message: message(`${crypto.randomUUID()}@example.com`) }, now));
    const mailer = mailerAt(await closedPort());
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverQueuedMail({ db, mailer, env: keys }, now);
      const [row] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key));
      now = new Date(row!.nextAttemptAt.getTime() + 1);
    }
    const [row] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect((await failedMail(db)).map((m) => m.id)).toContain(row!.id);

    // Staff send it again once the mail server is fixed.
    await retryMail(db, row!.id, now);
    const [again] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key));
    expect(again).toMatchObject({ status: "queued", attempts: 0 });
    await expect(retryMail(db, row!.id, now)).rejects.toMatchObject({ status: 404 });
  });

  it("keeps a one-time secret's words sealed in the database and delivers them whole", async () => {
    const { db } = database;
    const smtp = await startTestSmtp();
    try {
      const to = `${crypto.randomUUID()}@example.com`;
      const key = `test:${crypto.randomUUID()}`;
      const secret = `token-${crypto.randomUUID()}`;
      const now = new Date();
      await inTransaction(db, (tx) =>
        queueMail(tx, { dedupeKey: key, message: { to, subject: "Your sign-in link", text: `Open ${secret}`, html: `<p>${secret}</p>` }, sealWith: keys }, now),
      );
      const [row] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, key));
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row!.message.subject).toBe("Your sign-in link");

      expect(await deliverQueuedMail({ db, mailer: mailerAt(smtp.url), env: keys }, now, 1000)).toMatchObject({ failed: 0 });
      const mail = await smtp.waitForMail(to);
      expect(mail.text).toContain(`Open ${secret}`);
      // Another key cannot open it: the mail is not sent with anything else in its place.
      await inTransaction(db, (tx) =>
        queueMail(tx, { dedupeKey: `${key}:2`, message: { to, subject: "Your sign-in link", text: secret, html: "" }, sealWith: keys }, now),
      );
      const otherKey = loadEnv({ NODE_ENV: "test", ENCRYPTION_KEY: "7a".repeat(32) });
      await deliverQueuedMail({ db, mailer: mailerAt(smtp.url), env: otherKey }, now, 1000);
      const [refused] = await db
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.dedupeKey, `${key}:2`));
      expect(refused).toMatchObject({ status: "queued", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });
});
