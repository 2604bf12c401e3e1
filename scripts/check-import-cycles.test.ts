import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findDomainCycles, findImportCycles, importedSpecifiers } from "./check-import-cycles";

let root: string;
function tree(files: Record<string, string>) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  return root;
}
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("import cycle check", () => {
  it("finds a cycle through relative paths and the ~/ and @server/ aliases", () => {
    const cycles = findImportCycles(
      tree({
        "server/stays/stays.ts": 'import { charge } from "@server/payments/payments";\nexport const stay = 1;',
        "server/payments/payments.ts": 'import {\n  label,\n} from "~/features/stays/label";\nexport const charge = 2;',
        "app/features/stays/label.ts": 'export { stay as label } from "../../../server/stays/stays";',
        "server/other.ts": 'import { stay } from "./stays/stays";',
      }),
    );
    expect(cycles).toEqual([["app/features/stays/label.ts", "server/payments/payments.ts", "server/stays/stays.ts"]]);
  });

  it("counts side-effect imports and import(), and an inline type import (the build keeps it)", () => {
    expect(findImportCycles(tree({ "a.ts": 'import "./b";', "b.ts": 'export const load = () => import("./a");' }))).toHaveLength(1);
    fs.rmSync(root, { recursive: true, force: true });
    expect(findImportCycles(tree({ "a.ts": 'import { type B } from "./b";', "b.ts": 'import { type A } from "./a";' }))).toHaveLength(1);
  });

  it("does not count `import type`, `export type` or commented-out imports", () => {
    const files = {
      "a.ts": 'import { type B } from "./b";\nexport type A = { b: B };',
      "b.ts": '// import { a } from "./a";\n/* import "./a"; */\nimport type { A } from "./a";\nexport type { A as C } from "./a";\nexport type B = A;',
    };
    expect(findImportCycles(tree(files))).toEqual([]);
  });

  it("reads every import form the code base uses", () => {
    expect(importedSpecifiers('import x, { y } from "one";\nimport * as z from \'two\';\nexport * from "three";\nimport "four";')).toEqual([
      "one",
      "two",
      "three",
      "four",
    ]);
  });

  it("finds a cycle between server folders that no file-level cycle shows, and names the imports that make it", () => {
    const report = findDomainCycles(
      tree({
        "server/stays/stays.ts": 'import { refund } from "../payments/refunds";\nexport const stay = 1;',
        "server/payments/refunds.ts": "export const refund = 1;",
        "server/payments/deposits.ts": 'import { stay } from "@server/stays/stays";\nexport const deposit = stay;',
        "server/grooming/grooming.ts": 'import { stay } from "../stays/stays";',
      }),
    );
    expect(findImportCycles(root)).toEqual([]);
    expect(report.cycles).toEqual([
      {
        folders: ["payments", "stays"],
        imports: [
          "payments -> stays: server/payments/deposits.ts imports server/stays/stays.ts",
          "stays -> payments: server/stays/stays.ts imports server/payments/refunds.ts",
        ],
      },
    ]);
    expect(report.infrastructureImports).toEqual([]);
  });

  it("lets every domain import infrastructure, refuses infrastructure importing a domain, and leaves tests and test support out", () => {
    const report = findDomainCycles(
      tree({
        "server/db/client.ts": "export const db = 1;",
        "server/http/errors.ts": 'import { db } from "../db/client";\nexport const error = db;',
        "server/http/forms.ts": 'import { signIn } from "../auth/sign-in";\nexport const form = signIn;',
        "server/auth/sign-in.ts": 'import { error } from "../http/errors";\nexport const signIn = error;',
        "server/auth/sign-in.db.test.ts": 'import { seed } from "../testing/seed";',
        "server/testing/seed.ts": 'import { signIn } from "../auth/sign-in";\nexport const seed = signIn;',
        "server/leads/leads.ts": 'import type { Seed } from "../stays/stays";\nimport { signIn } from "../auth/sign-in";',
        "server/stays/stays.ts": 'import { leads } from "../leads/leads";',
      }),
    );
    expect(report.infrastructureImports).toEqual(["server/http/forms.ts imports server/auth/sign-in.ts"]);
    expect(report.cycles.map((cycle) => cycle.folders)).toEqual([["auth", "http"]]);
  });
});
