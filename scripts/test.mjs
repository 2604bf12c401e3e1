// `npm test`: every stage of the suite in order, stopping at the first that fails, with a timestamp as
// each starts and a table of stage times at the end, so the next slowdown shows at once. The budget
// (README, "The two commands"): `bash .ci/run` in 15 minutes on a quiet 2-core machine, 25 beside two
// busy loops. With STAGE_TIMES_FILE set, each stage's time is appended there as well (.ci/run's table).
import { spawn } from "node:child_process";
import fs from "node:fs";

// Stages in one inner list run side by side: tsc and ESLint each keep one core busy.
const stages = [
  [["route types", "npx react-router typegen"]],
  [
    ["typecheck", "npx tsc"],
    ["lint", "npm run lint"],
  ],
  [["unit and database tests", "npm run test:unit"]],
  [["build", "npm run build"]],
  [["browser tests", "npx playwright test"]],
];

const times = [];
let failed;
for (const group of stages) {
  const results = await Promise.all(group.map(([name, command]) => runStage(name, command, group.length > 1)));
  failed = results.find((result) => !result.ok)?.name;
  if (failed) break;
}

console.log(`\n=== ${new Date().toISOString()} stage times`);
for (const [name, seconds] of times) console.log(`${name.padEnd(28)} ${formatSeconds(seconds)}`);
if (failed) {
  console.error(`\n${failed} failed.`);
  process.exit(1);
}

/** Runs one stage; beside another, its output is held back and printed whole when it ends. */
function runStage(name, command, besideAnother) {
  console.log(`\n=== ${new Date().toISOString()} ${name}: ${command}`);
  const started = performance.now();
  const child = spawn(command, { shell: true, stdio: besideAnother ? ["ignore", "pipe", "pipe"] : "inherit" });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (besideAnother) process.stdout.write(`\n=== ${name} (${formatSeconds(seconds)}):\n${output}`);
      times.push([name, seconds]);
      if (process.env.STAGE_TIMES_FILE)
        fs.appendFileSync(process.env.STAGE_TIMES_FILE, `${name}${besideAnother ? " (side by side)" : ""}\t${seconds.toFixed(1)}\n`);
      resolve({ name, ok: code === 0 });
    });
  });
}

function formatSeconds(seconds) {
  return `${Math.floor(seconds / 60)}m ${(seconds % 60).toFixed(0).padStart(2, "0")}s`;
}
