import fs from "node:fs";
import { startTestSmtp } from "../server/testing/test-smtp";
import { MAIL_DIR, SMTP_PORT } from "./support/mail";

/** A real SMTP listener for the whole run; the server sends to it and tests read MAIL_DIR. */
export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  const smtp = await startTestSmtp({ port: SMTP_PORT, dir: MAIL_DIR });
  return async () => {
    await smtp.close();
  };
}
