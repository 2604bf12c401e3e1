import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backupFileName, pruneBackups, readBackup } from "./backup";

const folders: string[] = [];
const tempFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cat-hotel-prune-test-"));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("backup files", () => {
  it("are named by their UTC instant, so that names sort by time across a change of season", () => {
    expect(backupFileName(new Date("2025-11-02T08:30:05.123Z"))).toBe("cat-hotel-backup-20251102T083005Z.zip");
    // Around the autumn change, when Los Angeles lives 01:00–02:00 twice: in time order, and so in name order.
    const names = ["2025-11-02T08:30:00Z", "2025-11-02T09:10:00Z", "2025-11-02T09:30:00Z", "2025-11-02T10:05:00Z"].map((t) => backupFileName(new Date(t)));
    expect([...names].reverse().sort()).toEqual(names);
  });

  it("keeps the newest N backups and never touches other files", async () => {
    const dir = tempFolder();
    const days = Array.from({ length: 6 }, (_, i) => backupFileName(new Date(Date.UTC(2025, 0, 1 + i, 11))));
    for (const name of [...days].reverse()) fs.writeFileSync(path.join(dir, name), "backup");
    const others = ["notes.txt", `${backupFileName(new Date(Date.UTC(2024, 0, 1)))}.partial`, "cat-hotel-backup-copy.zip"];
    for (const name of others) fs.writeFileSync(path.join(dir, name), "other");

    expect(await pruneBackups(dir, 4)).toEqual(days.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual([...days.slice(2), ...others].sort());
    expect(await pruneBackups(dir, 4)).toEqual([]);
    expect(await pruneBackups(dir, 1)).toEqual(days.slice(2, 5));
    expect(fs.readdirSync(dir).sort()).toEqual([days[5]!, ...others].sort());
  });

  it("a file that is not a backup is refused in words", async () => {
    const file = path.join(tempFolder(), "notes.zip");
    fs.writeFileSync(file, "not a zip");
    await expect(readBackup(file)).rejects.toThrow("is not a backup of this app");
    await expect(readBackup(path.join(tempFolder(), "missing.zip"))).rejects.toThrow(/^Cannot read/);
  });
});
