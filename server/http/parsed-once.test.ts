import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Input is parsed once, at the edge (docs/architecture.md, "Validate input"): a page's action
 * (`submitForm`) or loader, an API router (`parseBody`), or a script or test that calls the domain.
 * A domain function takes the schema's output type and never parses again, so a domain file
 * (`server/<domain>/*.ts` that is not a router) calls no `parseBody(`, `.safeParse(` or `.parse(`
 * (`JSON.parse` aside). The composition (`server/*.ts`, `env.ts` among them), the http layer and
 * test support are edges or helpers, and the database layer (`server/db`) takes no input (its wire
 * protocol's Parse message is not one); the files below parse for the reason they give.
 */
const PARSES_FOR_A_REASON: Record<string, string> = {
  "server/auth/admin-cli.ts": "a command-line script: the address it is given is its edge",
  "server/content/content.ts": "the Content editor posts one section, whose schema its key chooses: validated by key (ADR 0149)",
};

const PARSE = /\bparseBody\(|\.safeParse\(|(?<!JSON)\.parse\(/;

/** "file:line" of each parse in `text`, comments aside. */
export function parsesIn(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => (PARSE.test(line.replace(/\/\/.*$|^\s*\*.*$/, "")) ? [`${file}:${i + 1}`] : []));
}

const isDomainFile = (file: string) => {
  const [top, folder, ...rest] = file.split("/");
  return (
    top === "server" &&
    rest.length > 0 &&
    !["http", "testing", "db"].includes(folder!) &&
    /\.ts$/.test(file) &&
    !/\.test\.ts$/.test(file) &&
    !/(^|-)router\.ts$/.test(path.basename(file))
  );
};

const domainFiles = () =>
  fs
    .readdirSync("server", { recursive: true, encoding: "utf8" })
    .map((f) => path.join("server", f).split(path.sep).join("/"))
    .filter(isDomainFile);

describe("input parsed once, at the edge", () => {
  it("is never parsed again inside a domain file", () => {
    const found = domainFiles()
      .filter((f) => !(f in PARSES_FOR_A_REASON))
      .flatMap((f) => parsesIn(f, fs.readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("lists only files that still parse", () => {
    const stale = Object.keys(PARSES_FOR_A_REASON).filter((f) => !fs.existsSync(f) || parsesIn(f, fs.readFileSync(f, "utf8")).length === 0);
    expect(stale).toEqual([]);
  });

  it("finds a parse of each kind, and not JSON.parse or one in a comment", () => {
    const text = [
      "const request = parseBody(bookGroomForm, input);",
      "const parsed = stayCatsForm.safeParse(input);",
      "const range = analyticsRangeSchema.parse(input);",
      "const body = JSON.parse(text);",
      "// parseBody(form, input) at the edge",
    ].join("\n");
    expect(parsesIn("x.ts", text)).toEqual(["x.ts:1", "x.ts:2", "x.ts:3"]);
    expect(["server/stays/router.ts", "server/leads/admin-router.ts", "server/http/validation.ts", "server/env.ts"].filter(isDomainFile)).toEqual([]);
    expect(isDomainFile("server/stays/waitlist.ts")).toBe(true);
  });
});
