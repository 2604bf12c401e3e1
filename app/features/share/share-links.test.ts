import { describe, expect, it } from "vitest";
import { shareLinks } from "./share-links";

describe("shareLinks", () => {
  it("puts the encoded page URL into every link", () => {
    const links = shareLinks("https://cats.example/?a=1&b=2", "Cat Hotel");
    expect(links.map((l) => l.name)).toEqual(["Facebook", "X", "LinkedIn", "Messenger", "Email"]);
    for (const link of links) expect(link.href).toContain(encodeURIComponent("https://cats.example/?a=1&b=2"));
  });
});
