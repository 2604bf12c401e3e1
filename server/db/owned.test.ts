import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The one ownership check (ADR 0203): only `server/db/owned.ts` compares `households.userId`
 * with something (`eq(households.userId, …)`, the column inside a `sql` template, or its `user_id`
 * written as SQL text). A join that names the household's account (`eq(users.id, households.userId)`,
 * `on u.id = h.user_id`) and a select are no check.
 */

const OWNED = path.join("server", "db", "owned.ts");

const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes("node_modules"))
    .map((f) => path.join(dir, f));

const isHouseholdsUserId = (node: ts.Node | undefined): boolean =>
  node !== undefined &&
  ts.isPropertyAccessExpression(node) &&
  node.name.text === "userId" &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === "households";

/**
 * A `sql` template that names the households table and compares its `user_id` column, written as
 * SQL text, with a value (`… from households where user_id = ${userId}`).
 */
const comparesUserIdInSql = (template: ts.TemplateExpression): boolean => {
  const texts = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
  const namesHouseholds =
    texts.some((t) => /\bhouseholds\b/i.test(t)) ||
    template.templateSpans.some((span) => ts.isIdentifier(span.expression) && span.expression.text === "households");
  // Each text but the last is followed by a value: `user_id =` (or `in (`) just before it compares.
  return namesHouseholds && texts.slice(0, -1).some((t) => /\buser_id\s*(=|in\s*\()\s*$/i.test(t));
};

/** "file:line" of each ownership predicate written in `text`. */
export function ownershipPredicates(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const predicate =
      (ts.isCallExpression(node) && isHouseholdsUserId(node.arguments[0])) ||
      (ts.isTaggedTemplateExpression(node) &&
        ts.isTemplateExpression(node.template) &&
        (node.template.templateSpans.some((span) => isHouseholdsUserId(span.expression)) || comparesUserIdInSql(node.template)));
    if (predicate) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const namesAUserId = (node: ts.Expression): boolean =>
  (ts.isIdentifier(node) && node.text === "userId") || (ts.isPropertyAccessExpression(node) && node.name.text === "userId");

/**
 * "file:line" of each comparison of a row's `userId` with another (`row.userId !== userId`): a row
 * read by id and then compared with the reader, where the query itself should have been scoped.
 */
export function userIdComparisons(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind) &&
      namesAUserId(node.left) &&
      namesAUserId(node.right) &&
      (ts.isPropertyAccessExpression(node.left) || ts.isPropertyAccessExpression(node.right))
    )
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Comparisons of two accounts that scope nothing: whose link a referral link is. */
const NOT_A_SCOPE = ["server/referrals/referrals.ts"];

describe("the household's ownership check", () => {
  it("is written only in server/db/owned.ts", () => {
    const files = ["server", "app", "scripts", "e2e"].flatMap(sources).filter((f) => f !== OWNED);
    const found = files.flatMap((f) => {
      const text = fs.readFileSync(f, "utf8");
      return text.includes("households.userId") || /\buser_id\b/.test(text) ? ownershipPredicates(f, text) : [];
    });
    expect(found).toEqual([]);
  });

  it("is never a row's userId compared with the reader's after the query", () => {
    const found = ["server", "app"]
      .flatMap(sources)
      .filter((f) => !/\.test\.tsx?$/.test(f) && !NOT_A_SCOPE.includes(f.split(path.sep).join("/")))
      .flatMap((f) => userIdComparisons(f, fs.readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("finds a row's userId compared with another, and not one passed on", () => {
    const text = ["if (!row || row.userId !== userId) throw NOT_FOUND();", "if (stay.userId === input.userId) return;", "await mail(row.userId, userId);"].join(
      "\n",
    );
    expect(userIdComparisons("x.ts", text)).toEqual(["x.ts:1", "x.ts:2"]);
  });

  it("finds a predicate written by hand, in a call or a sql template, and not a join", () => {
    const text = [
      "db.select().from(households).where(eq(households.userId, userId));",
      "sql`${households.userId} = ${userId}`;",
      "db.select().from(users).innerJoin(households, eq(users.id, households.userId));",
      "sql`${waitlistEntries.householdId} in (select id from households where user_id = ${userId})`;",
      "sql`(select u.email from ${households} h join ${users} u on u.id = h.user_id where h.id = ${householdId})`;",
      "sql`select id from ${households} where user_id in (${userIds})`;",
    ].join("\n");
    expect(ownershipPredicates("x.ts", text)).toEqual(["x.ts:1", "x.ts:2", "x.ts:4", "x.ts:6"]);
  });
});
