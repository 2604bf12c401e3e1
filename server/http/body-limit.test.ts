import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { UPLOAD_LIMITS } from "~/domain/images";
import { DOCUMENT_MAX_BYTES } from "~/domain/vaccines";
import { routeTable, sampleUrl } from "../testing/route-table";
import { bodyCapFor } from "./body-limit";

const GENERAL_CAP = 100 * 1024;

describe("the body cap of a page", () => {
  it("lets the pages whose forms send a photo take a photo of the largest size accepted", () => {
    for (const path of ["/cats/new", "/cats/5b0f9c55-3f3c-4f6e-9d1e-0a8f5b7f3a11", "/admin/rooms"])
      expect(bodyCapFor(path, GENERAL_CAP), path).toBeGreaterThan(UPLOAD_LIMITS.maxBytes);
  });

  it("keeps the general cap everywhere else", () => {
    for (const path of ["/admin/rooms/extra", "/admin/content", "/book/stay", "/cats"]) expect(bodyCapFor(path, GENERAL_CAP), path).toBe(GENERAL_CAP);
  });
});

const MULTIPART_FORM = /encType="multipart\/form-data"/;

/** Every .ts/.tsx file under `dir`. */
const sourcesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => (e.isFile() && /\.tsx?$/.test(e.name) ? [`${e.parentPath}/${e.name}`] : []));

/**
 * The pages whose forms post files, derived from the code: a route with a multipart form of its
 * own, and every route that imports the component holding one from a feature module.
 */
function uploadPages(): { url: string; form: string }[] {
  const routes = routeTable();
  return sourcesUnder("app").flatMap((file) => {
    const source = fs.readFileSync(file, "utf8");
    const at = source.search(MULTIPART_FORM);
    if (at < 0 || file.endsWith(".test.tsx")) return [];
    const own = routes.find((r) => `app/${r.file}` === file);
    if (own) return [{ url: own.url, form: file }];
    const component = [...source.slice(0, at).matchAll(/^export function (\w+)/gm)].at(-1)?.[1];
    const module = `~/${file.slice("app/".length).replace(/\.tsx?$/, "")}`;
    const users = routes.filter((r) => new RegExp(`import \\{[^}]*\\b${component}\\b[^}]*\\} from "${module}"`).test(r.source));
    expect(users, `${file}: the multipart form in ${component} is rendered by no route that imports it; trace which pages show it`).not.toEqual([]);
    return users.map((r) => ({ url: r.url, form: `${component} (${file})` }));
  });
}

describe("the pages whose forms post files", () => {
  it("each take the largest file they accept (bodyCapFor)", () => {
    const pages = uploadPages();
    expect(pages.map((p) => p.url)).toEqual(expect.arrayContaining(["/cats/new", "/cats/:catId", "/admin/rooms"]));
    for (const { url, form } of pages)
      expect(bodyCapFor(sampleUrl(url), GENERAL_CAP), `${url} posts multipart/form-data (${form}) but has no body cap for it in bodyCapFor`).toBeGreaterThan(
        Math.max(UPLOAD_LIMITS.maxBytes, DOCUMENT_MAX_BYTES),
      );
  });
});
