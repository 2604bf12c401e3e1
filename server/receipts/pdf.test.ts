import { describe, expect, it } from "vitest";
import { textPdf } from "./pdf";

/** Reads the file the way a viewer does: from `startxref` to the table, from each entry to its object. */
function parse(bytes: Buffer) {
  const text = bytes.toString("latin1");
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  const table = text
    .slice(startxref)
    .split("\n")
    .slice(2, 2 + Number(count));
  expect(Number(first)).toBe(0);
  expect(table[0]).toBe("0000000000 65535 f ");
  const objects = table.slice(1).map((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
    return text.slice(offset, text.indexOf("endobj", offset));
  });
  return { text, objects };
}

describe("textPdf", () => {
  it("writes a PDF whose cross-reference table points at each object and whose stream has its stated length", () => {
    const pdf = textPdf(
      [
        { text: "Cat hotel", size: 18, bold: true },
        { text: "Cozy Suite, 1 cat: 3 nights × $45.00", right: "$135.00" },
        { text: "First night free", right: "−$45.00" },
        { text: "Total (paid)", right: "$90.00", bold: true, ruleAbove: true },
      ],
      { title: "Receipt R-000001" },
    );
    const { text, objects } = parse(pdf);
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(objects).toHaveLength(7);
    expect(objects[0]).toContain("/Type /Catalog");
    const stream = objects[5]!;
    const length = Number(/\/Length (\d+)/.exec(stream)![1]);
    const start = stream.indexOf("stream\n") + "stream\n".length;
    expect(stream.slice(start, stream.indexOf("\nendstream"))).toHaveLength(length);
    // WinAnsi: × is 0xD7, the minus sign prints as a hyphen, parentheses are escaped.
    expect(stream).toContain("(Cozy Suite, 1 cat: 3 nights \\327 $45.00) Tj");
    expect(stream).toContain("(-$45.00) Tj");
    expect(stream).toContain("(Total \\(paid\\)) Tj");
    expect(text).toContain("/Root 1 0 R");
  });

  it("shows a character the font lacks as a question mark, never breaking the file", () => {
    const { objects } = parse(textPdf([{ text: "Miso 🐱" }], { title: "x" }));
    expect(objects[5]).toContain("(Miso ?) Tj");
  });
});
