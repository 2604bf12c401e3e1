import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type nodemailer from "nodemailer";
import { PRIVATE_FILE_MODE, privateFolder } from "../db/private-files";
import type { Env } from "../env";
import type { Logger } from "../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Files sent along: text, such as a calendar invitation (.ics), or bytes given in base64
   * (`encoding`); one with a `cid` is an inline image the HTML shows as `<img src="cid:…">`.
   */
  attachments?: { filename: string; contentType: string; content: string; encoding?: "base64"; cid?: string }[];
}

/** A mail as kept in the local outbox (development without SMTP_URL). */
export interface OutboxMail extends MailMessage {
  id: string;
  from: string;
  createdAt: string;
}

export interface Mailer {
  /** "smtp": sent with nodemailer; "outbox": stored under DATA_DIR/outbox for /dev/outbox. */
  kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "PUBLIC_SITE_URL">;

export const outboxDir = (env: Pick<Env, "DATA_DIR">) => path.resolve(env.DATA_DIR, "outbox");

const urlsIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/**
 * SMTP when `SMTP_URL` is set (production requires it, see server/env.ts). Without it, mails go to
 * a local outbox: one JSON file each, listed on /dev/outbox, and their links are logged, so that a
 * newcomer who ran `npm start` can sign in without configuring anything.
 */
export function createMailer(env: MailEnv, logger: Logger): Mailer {
  if (env.SMTP_URL) {
    // Loaded only when mail goes out by SMTP: the local outbox (the embedded default) needs none of it (ADR 0198).
    const smtp = createRequire(import.meta.url)("nodemailer") as typeof nodemailer;
    const transport = smtp.createTransport({
      url: env.SMTP_URL,
      // A few connections kept open and reused: a mail (the sign-in link the person waits for) does
      // not pay for a new connection and greeting each time (ADR 0143). Idle ones close after a minute.
      pool: true,
      maxConnections: 3,
      idleTimeout: 60_000,
      // A stuck mail server must not hold a request open for minutes (nodemailer's defaults).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
      },
    };
  }

  const dir = outboxDir(env);
  return {
    kind: "outbox",
    async send(message) {
      const mail: OutboxMail = { id: crypto.randomUUID(), from: env.MAIL_FROM, createdAt: new Date().toISOString(), ...message };
      // The outbox holds sign-in links: private to this account, whatever the umask.
      await privateFolder(dir);
      await fs.writeFile(path.join(dir, `${mail.createdAt.replace(/[:.]/g, "-")}-${mail.id}.json`), JSON.stringify(mail, null, 2), { mode: PRIVATE_FILE_MODE });
      logger.info(
        { subject: message.subject },
        `No SMTP_URL: mail to ${message.to} kept in the local outbox (${env.PUBLIC_SITE_URL}/dev/outbox). Links: ${urlsIn(message.text).join(" ")}`,
      );
    },
  };
}

/** The outbox's mails, newest first. */
export async function readOutbox(env: Pick<Env, "DATA_DIR">, limit = 50): Promise<OutboxMail[]> {
  const dir = outboxDir(env);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const newest = names
    .filter((n) => n.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  const mails = await Promise.all(newest.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as OutboxMail));
  return mails;
}
