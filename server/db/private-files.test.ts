import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { privateFolder, tightenFolder } from "./private-files";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const modeOf = (file: string) => (fs.lstatSync(file).mode & 0o777).toString(8);

describe("tightenFolder", () => {
  it("takes the group's and others' permissions from every folder and file, counts what it changed, and leaves private ones alone", async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, "base", "1"), { recursive: true });
    fs.writeFileSync(path.join(dir, "base", "1", "16384"), "rows");
    fs.writeFileSync(path.join(dir, "encryption.key"), "key");
    fs.writeFileSync(path.join(dir, "private"), "x");
    fs.symlinkSync("/etc/hostname", path.join(dir, "link"));
    for (const name of ["base", "base/1", "base/1/16384", "encryption.key"])
      fs.chmodSync(path.join(dir, name), name.includes("/1/") || name.includes(".") ? 0o666 : 0o777);
    fs.chmodSync(path.join(dir, "private"), 0o600);
    fs.chmodSync(dir, 0o755);

    expect(await tightenFolder(dir)).toEqual({ changed: 5 });
    expect([dir, "base", "base/1"].map((d) => modeOf(path.resolve(dir, d)))).toEqual(["700", "700", "700"]);
    expect(["base/1/16384", "encryption.key", "private"].map((f) => modeOf(path.join(dir, f)))).toEqual(["600", "600", "600"]);
    // The link's target is not ours to change.
    expect(modeOf("/etc/hostname")).not.toBe("600");
    expect(await tightenFolder(dir)).toEqual({ changed: 0 });
  });

  it("answers nothing changed for a folder that does not exist yet", async () => {
    expect(await tightenFolder(path.join(tempDir(), "missing"))).toEqual({ changed: 0 });
  });
});

describe("privateFolder", () => {
  it("creates a folder 0700 and tightens one that exists", async () => {
    const dir = tempDir();
    await privateFolder(path.join(dir, "new"));
    expect(modeOf(path.join(dir, "new"))).toBe("700");
    fs.chmodSync(dir, 0o777);
    await privateFolder(dir);
    expect(modeOf(dir)).toBe("700");
  });
});
