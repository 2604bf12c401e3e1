import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { type TestSmtp, startTestSmtp } from "../testing/test-smtp";
import { createMailer, readOutbox } from "./mailer";
import { signInMail } from "../messages/catalogue";

const message = signInMail({
  to: "cat@example.com",
  link: "http://localhost:3000/auth/verify?token=abc",
  code: "123456",
  validMinutes: 10,
  siteUrl: "http://localhost:3000",
});

describe("the mailer", () => {
  it("without SMTP_URL keeps mails in the local outbox, newest first", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const env = loadEnv({ DATA_DIR: dataDir });
    const mailer = createMailer(env, createLogger("silent"));
    expect(mailer.kind).toBe("outbox");
    await mailer.send(message);
    await mailer.send({ ...message, subject: "second" });
    const mails = await readOutbox(env);
    expect(mails.map((m) => m.subject)).toEqual(["second", message.subject]);
    expect(mails[1]).toMatchObject({ to: "cat@example.com", from: "Cat Hotel <hello@example.com>", text: message.text });
    expect(await readOutbox(loadEnv({ DATA_DIR: path.join(dataDir, "missing") }))).toEqual([]);
  });

  it("with SMTP_URL sends over SMTP, text and HTML", async () => {
    let smtp: TestSmtp | undefined;
    try {
      smtp = await startTestSmtp();
      const mailer = createMailer(loadEnv({ SMTP_URL: smtp.url, MAIL_FROM: "Hotel <hi@cats.example>" }), createLogger("silent"));
      expect(mailer.kind).toBe("smtp");
      await mailer.send(message);
      const mail = await smtp.waitForMail("cat@example.com");
      expect(mail.subject).toBe(message.subject);
      expect(mail.text.trim()).toBe(message.text.trim());
      expect(mail.html).toContain("123456");
    } finally {
      await smtp?.close();
    }
  });

  it("escapes what it puts into HTML", () => {
    const html = signInMail({ to: '<img src=x onerror="alert(1)">@x.co', link: "http://x/?a=1&b=2", code: "1", validMinutes: 10, siteUrl: "http://x" }).html;
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
    expect(html).toContain("http://x/?a=1&amp;b=2");
  });
});
