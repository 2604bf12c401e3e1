import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { startTestSmtp } from "../server/testing/test-smtp";
import { ADMIN_CLAIMS_DIR } from "./support/identities";
import { E2E_PORT, MAIL_DIR, SMTP_PORT } from "./support/mail";
import { TEMPLATE_DATA_DIR_VARIABLE, startExtraServer } from "./support/server";

/**
 * A real SMTP listener for the whole run (the servers send to it, tests read MAIL_DIR), no admin
 * address claimed yet, a migrated embedded database that every server of the run starts from a copy
 * of (migrating one is most of a server's start: once a run; TEMPLATE_DATA_DIR_VARIABLE in
 * support/server.ts), and the suite's shared server on E2E_PORT, the production build on such a copy.
 */
export default async function globalSetup() {
  const url = `http://localhost:${E2E_PORT}`;
  const inUse = await fetch(`${url}/healthz`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`${url} is already used: set E2E_PORT to a free port`);
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.rmSync(ADMIN_CLAIMS_DIR, { recursive: true, force: true });
  const smtp = await startTestSmtp({ port: SMTP_PORT, dir: MAIL_DIR });
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "cat-hotel-e2e-template-"));
  await (await openDatabase({ dataDir: template })).close();
  process.env[TEMPLATE_DATA_DIR_VARIABLE] = template;
  const teardown = async () => {
    await smtp.close();
    fs.rmSync(template, { recursive: true, force: true });
  };
  const server = await startExtraServer({
    port: E2E_PORT,
    echo: true,
    env: {
      // Many specs submit callbacks to this one server; the site-wide hourly cap is tested in integration tests.
      CALLBACK_GLOBAL_PER_HOUR: "1000",
      // Every sign-in in the suite comes from 127.0.0.1 (and a repeated run signs in hundreds of times);
      // the per-address minute rule stays as in production.
      SIGN_IN_MAILS_PER_IP_PER_HOUR: "5000",
      SIGN_IN_MAILS_PER_HOUR: "5000",
    },
  }).catch(async (error: unknown) => {
    await teardown();
    throw error;
  });
  return async () => {
    // Its database is thrown away, as an own server's is (support/own-server.ts).
    await server.stop();
    await teardown();
  };
}
