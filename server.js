// Launcher. `node server.js` serves the production build; `node server.js --dev` runs Vite in
// middleware mode with hot reload. Configuration strictness follows the NODE_ENV the operator set
// (unset means development: local outbox for mail, simulated calls); React's runtime build follows
// what is being served.
const dev = process.argv.includes("--dev");
const configEnv = { ...process.env };
process.env.NODE_ENV = dev ? "development" : "production";

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/main.ts");
  await start({ configEnv, vite });
} else {
  const { start } = await import("./build/server/index.js");
  await start({ configEnv });
}
