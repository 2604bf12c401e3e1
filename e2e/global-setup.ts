import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { startTestSmtp } from "../server/testing/test-smtp";
import { ADMIN_CLAIMS_DIR } from "./support/identities";
import { MAIL_DIR, SMTP_PORT } from "./support/mail";
import { TEMPLATE_DATA_DIR_VARIABLE } from "./support/server";

/**
 * A real SMTP listener for the whole run (the servers send to it, tests read MAIL_DIR), no admin
 * address claimed yet, and a migrated embedded database that each extra server starts from a copy of
 * (creating one is most of a server's start; TEMPLATE_DATA_DIR_VARIABLE in support/server.ts).
 */
export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.rmSync(ADMIN_CLAIMS_DIR, { recursive: true, force: true });
  const smtp = await startTestSmtp({ port: SMTP_PORT, dir: MAIL_DIR });
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "cat-hotel-e2e-template-"));
  await (await openDatabase({ dataDir: template })).close();
  process.env[TEMPLATE_DATA_DIR_VARIABLE] = template;
  return async () => {
    await smtp.close();
    fs.rmSync(template, { recursive: true, force: true });
  };
}
