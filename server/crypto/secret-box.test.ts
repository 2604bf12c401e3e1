import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createKeyRing, loadKeyRing, openSecret, SecretBoxError, sealSecret } from "./secret-box";

const keyA = "a".repeat(64);
const keyB = "0123456789abcdef".repeat(4);

describe("secret box", () => {
  it("round-trips and never contains the plaintext", () => {
    const ring = createKeyRing(keyA);
    const { sealed, keyId } = sealSecret(ring, "abcd EFGH ijkl MNOP qrst UVWX", "row-1");
    expect(sealed).not.toContain("abcd");
    expect(sealed.split(".")[1]).toBe(keyId);
    expect(openSecret(ring, sealed, "row-1")).toBe("abcd EFGH ijkl MNOP qrst UVWX");
  });

  it("uses a fresh IV each time", () => {
    const ring = createKeyRing(keyA);
    expect(sealSecret(ring, "same", "r").sealed).not.toBe(sealSecret(ring, "same", "r").sealed);
  });

  it("throws loudly when any byte of the ciphertext, IV or tag is flipped", () => {
    const ring = createKeyRing(keyA);
    const { sealed } = sealSecret(ring, "secret password", "row-1");
    const parts = sealed.split(".");
    for (const index of [2, 3, 4]) {
      const bytes = Buffer.from(parts[index]!, "base64url");
      for (let i = 0; i < bytes.length; i++) {
        const flipped = Buffer.from(bytes);
        flipped[i] = flipped[i]! ^ 0x01;
        const tampered = [...parts];
        tampered[index] = flipped.toString("base64url");
        expect(() => openSecret(ring, tampered.join("."), "row-1")).toThrow(SecretBoxError);
      }
    }
  });

  it("is bound to its row: another row's associated data does not open it", () => {
    const ring = createKeyRing(keyA);
    const { sealed } = sealSecret(ring, "secret", "row-1");
    expect(() => openSecret(ring, sealed, "row-2")).toThrow(/altered or belongs to another record/);
  });

  it("names an unknown key id, and opens with a previous key after rotation", () => {
    const oldRing = createKeyRing(keyA);
    const { sealed } = sealSecret(oldRing, "secret", "r");
    expect(() => openSecret(createKeyRing(keyB), sealed, "r")).toThrow(/not configured/);
    const rotated = createKeyRing(keyB, [keyA]);
    expect(openSecret(rotated, sealed, "r")).toBe("secret");
    expect(sealSecret(rotated, "secret", "r").keyId).toBe(rotated.current.id);
    expect(rotated.current.id).not.toBe(oldRing.current.id);
  });

  it("refuses malformed values", () => {
    const ring = createKeyRing(keyA);
    expect(() => openSecret(ring, "plain text", "r")).toThrow(SecretBoxError);
    expect(() => openSecret(ring, `v2.${ring.current.id}.a.b.c`, "r")).toThrow(SecretBoxError);
  });

  it("outside production without ENCRYPTION_KEY creates one development key file and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-box-"));
    try {
      const first = loadKeyRing({ DATA_DIR: dir, ENCRYPTION_KEY: undefined, isProduction: false });
      const second = loadKeyRing({ DATA_DIR: dir, ENCRYPTION_KEY: undefined, isProduction: false });
      expect(second.current.id).toBe(first.current.id);
      const stat = fs.statSync(path.join(dir, "encryption.key"));
      expect(stat.mode & 0o077).toBe(0);
      expect(() => loadKeyRing({ DATA_DIR: dir, ENCRYPTION_KEY: undefined, isProduction: true })).toThrow(/required in production/);
      const configured = crypto.randomBytes(32).toString("hex");
      expect(loadKeyRing({ DATA_DIR: dir, ENCRYPTION_KEY: configured, isProduction: false }).current.id).toBe(createKeyRing(configured).current.id);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
