// .ci/run's check that the build starts on the current Node LTS: the production build on a free port
// and a fresh embedded database (as e2e's extra servers start), /healthz and the home page answer.
import { startExtraServer } from "../e2e/support/server";

const server = await startExtraServer({ env: { SMTP_URL: "", ADMIN_EMAILS: "" } });
try {
  const home = await fetch(`${server.url}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes("<h1")) throw new Error(`GET / answered ${home.status} without a heading`);
  console.log(`Node ${process.version}: the build starts, /healthz answers and / renders.`);
} catch (error) {
  console.error((error as Error).message, server.output());
  process.exitCode = 1;
} finally {
  await server.stop("SIGTERM");
}
