import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** A mail as the tests read it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files (a calendar invitation, say), decoded; an inline image with its Content-ID and bytes. */
  attachments: { filename: string; contentType: string; content: string; cid?: string; bytes?: Buffer }[];
}

export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Waits for a mail to this address (the newest one arriving after `since` mails were seen). */
  waitForMail(to: string, options?: { timeoutMs?: number; since?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP listener for tests: the server sends with nodemailer as in production, and the test
 * reads what arrived. With `dir`, each mail is also written there as JSON (for Playwright workers).
 */
export async function startTestSmtp({ port = 0, dir }: { port?: number; dir?: string } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // The app's mailer keeps its connections open (a pool): closing must not wait 30 s for them.
    closeTimeout: 50,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"));
        mail.to ||= session.envelope.rcptTo.map((r) => r.address).join(", ");
        mails.push(mail);
        if (dir) fs.writeFileSync(path.join(dir, `${Date.now()}-${mails.length}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    async waitForMail(to, { timeoutMs = 10_000, since = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.slice(since).findLast((m) => m.to.toLowerCase() === to.toLowerCase());
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for the mails we send: headers, multipart/alternative, quoted-printable or base64. */
export function parseMail(raw: string): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReceivedMail = { to: headers.get("to") ?? "", subject: decodeHeader(headers.get("subject") ?? ""), text: "", html: "", attachments: [] };
  for (const part of mimeParts(headers, body)) {
    const type = part.headers.get("content-type") ?? "text/plain";
    const content = decodeBody(part.body, part.headers.get("content-transfer-encoding"));
    const filename = (part.headers.get("content-disposition") ?? "").match(/filename="?([^";]+)"?/)?.[1];
    const cid = part.headers.get("content-id")?.replace(/^<|>$/g, "");
    if (filename)
      mail.attachments.push({
        filename,
        contentType: type.split(";")[0]!,
        content,
        ...(cid ? { cid, bytes: Buffer.from(part.body.replace(/\s+/g, ""), "base64") } : {}),
      });
    else if (type.startsWith("text/html")) mail.html = content;
    else if (type.startsWith("text/plain")) mail.text = content;
  }
  return mail;
}

/** The sign-in link and code in a mail we sent. */
export function signInDetails(mail: ReceivedMail): { link: string; token: string; code: string } {
  const link = mail.text.match(/https?:\/\/\S+\/auth\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
  const code = mail.text.match(/code there: (\d{6})/)?.[1];
  if (!link || !code) throw new Error(`no sign-in link or code in mail:\n${mail.text}`);
  return { link, token: new URL(link).searchParams.get("token")!, code };
}

function splitHeaders(raw: string) {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? "" : normalised.slice(end + 2) };
}

function mimeParts(headers: Map<string, string>, body: string): { headers: Map<string, string>; body: string }[] {
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith("--"))
    .flatMap((p) => {
      const part = splitHeaders(p.replace(/^\n/, ""));
      return mimeParts(part.headers, part.body);
    });
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") {
    const bytes = body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is folding, not text (RFC 2047, section 6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
    );
}
