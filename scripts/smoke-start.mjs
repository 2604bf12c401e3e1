// Starts the production build (`node server.js`) on a free port and a fresh embedded database, checks
// that it answers /healthz and renders the home page, and stops it: .ci/run's check that the build
// starts on the current Node LTS.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer().once("error", reject);
  probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cat-hotel-smoke-"));
const child = spawn(process.execPath, ["server.js"], {
  env: { ...process.env, NODE_ENV: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise((resolve) => child.once("exit", resolve));
const url = `http://127.0.0.1:${port}`;

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was healthy`);
    if (Date.now() > deadline) throw new Error("the server did not answer /healthz within 2 minutes");
    const health = await fetch(`${url}/healthz`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const home = await fetch(`${url}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes("<h1")) throw new Error(`GET / answered ${home.status} without a heading`);
  console.log(`Node ${process.version}: the build starts, /healthz answers and / renders.`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  child.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
