// `npm test`: every stage of the suite in order, stopping at the first that fails, with a timestamp as
// each starts and a table of stage times at the end, so the next slowdown shows at once. The budget
// (README, "The two commands"): `bash .ci/run` in 15 minutes on a quiet 2-core machine, 25 beside two
// busy loops. With STAGE_TIMES_FILE set, each stage's time is appended there as well (.ci/run's table).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const stages = [
  ["typecheck", "npm run typecheck"],
  ["lint", "npm run lint"],
  ["unit and database tests", "npm run test:unit"],
  ["build", "npm run build"],
  ["browser tests", "npx playwright test"],
];

const times = [];
let failed;
for (const [name, command] of stages) {
  console.log(`\n=== ${new Date().toISOString()} ${name}: ${command}`);
  const started = performance.now();
  const { status } = spawnSync(command, { shell: true, stdio: "inherit" });
  const seconds = (performance.now() - started) / 1000;
  times.push([name, seconds]);
  if (process.env.STAGE_TIMES_FILE) fs.appendFileSync(process.env.STAGE_TIMES_FILE, `${name}\t${seconds.toFixed(1)}\n`);
  if (status !== 0) {
    failed = name;
    break;
  }
}

console.log(`\n=== ${new Date().toISOString()} stage times`);
for (const [name, seconds] of times) console.log(`${name.padEnd(28)} ${formatSeconds(seconds)}`);
console.log(`${"total".padEnd(28)} ${formatSeconds(times.reduce((sum, [, s]) => sum + s, 0))}`);
if (failed) {
  console.error(`\n${failed} failed.`);
  process.exit(1);
}

function formatSeconds(seconds) {
  return `${Math.floor(seconds / 60)}m ${(seconds % 60).toFixed(0).padStart(2, "0")}s`;
}
