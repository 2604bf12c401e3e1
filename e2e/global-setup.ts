import fs from "node:fs";
import { startTestSmtp } from "../server/testing/test-smtp";
import { ADMIN_CLAIMS_DIR } from "./support/identities";
import { MAIL_DIR, SMTP_PORT } from "./support/mail";

/** A real SMTP listener for the whole run (the servers send to it, tests read MAIL_DIR), and no admin address claimed yet. */
export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.rmSync(ADMIN_CLAIMS_DIR, { recursive: true, force: true });
  const smtp = await startTestSmtp({ port: SMTP_PORT, dir: MAIL_DIR });
  return async () => {
    await smtp.close();
  };
}
