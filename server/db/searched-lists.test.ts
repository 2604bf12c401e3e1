import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every list that searches with `searchPatterns` must be planned with a search in
 * query-plans.db.test.ts (ADR 0115): a search no plan covers could read a table whole unseen. The
 * lists are found in the code: each exported function of server/ that reaches a `searchPatterns`
 * call through the functions of its own module.
 */

interface TopLevelFunction {
  name: string;
  exported: boolean;
  body: string;
}

/** A module's top-level functions, each with its text up to the next top-level declaration. */
function topLevelFunctions(source: string): TopLevelFunction[] {
  const starts = [...source.matchAll(/^(export )?(?:async )?function\*? ?(\w+)/gm)];
  const ends = [...source.matchAll(/^(?:export )?(?:async )?(?:function|const|let|class|interface|type)\b/gm)].map((m) => m.index);
  return starts.map((m) => ({
    name: m[2]!,
    exported: Boolean(m[1]),
    body: source.slice(m.index, ends.find((end) => end > m.index) ?? source.length),
  }));
}

/** The exported functions of `source` that call `searchPatterns`, directly or through the module's own functions. */
function searchingExports(source: string): string[] {
  const functions = topLevelFunctions(source);
  const reaching = new Set(functions.filter((f) => /\bsearchPatterns\(/.test(f.body)).map((f) => f.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const f of functions)
      if (!reaching.has(f.name) && [...reaching].some((name) => new RegExp(`\\b${name}\\(`).test(f.body))) {
        reaching.add(f.name);
        grew = true;
      }
  }
  return functions.filter((f) => f.exported && reaching.has(f.name)).map((f) => f.name);
}

const planTest = fs.readFileSync("server/db/query-plans.db.test.ts", "utf8");
const serverModules = fs
  .readdirSync("server", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("testing/") && file !== "db/search.ts")
  .map((file) => ({ file: `server/${file}`, source: fs.readFileSync(`server/${file}`, "utf8") }))
  .filter(({ source }) => /\bsearchPatterns\(/.test(source));

describe("the lists searched with searchPatterns", () => {
  it("are each planned with a search in query-plans.db.test.ts", () => {
    const lists = serverModules.flatMap(({ file, source }) => searchingExports(source).map((name) => ({ file, name })));
    expect(lists.map((l) => l.name)).toEqual(expect.arrayContaining(["listCustomers", "listLeads"]));
    for (const { file, name } of lists)
      expect(
        new RegExp(`\\b${name}\\(database\\.db,[^\\n]*\\bq: `).test(planTest),
        `${name} (${file}) searches with searchPatterns but query-plans.db.test.ts plans no search (q:) through it`,
      ).toBe(true);
  });
});
