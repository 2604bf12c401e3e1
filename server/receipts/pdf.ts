/**
 * A one-page PDF of text lines (ADR 0154), written by hand: the file structure of PDF 1.4 (a
 * catalog, its pages, one page, the standard Helvetica fonts, one content stream, the cross-reference
 * table and trailer). Text is encoded as WinAnsi (Latin-1 and the typographic marks we print); a
 * line may carry a second text set flush right (an amount).
 */

export interface PdfLine {
  text: string;
  /** Set flush against the right margin. */
  right?: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gapBefore?: number;
  /** A rule drawn above the line. */
  ruleAbove?: boolean;
}

const PAGE = { width: 612, height: 792, margin: 56 };

/** The characters WinAnsiEncoding has outside Latin-1 that our texts use. */
const WIN_ANSI: Record<string, number> = { "–": 0x96, "—": 0x97, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "…": 0x85, "−": 0x2d };

/** A PDF string literal of `text`, its bytes WinAnsi; what the font cannot show becomes "?". */
function pdfString(text: string): string {
  let out = "(";
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += String.fromCharCode(code);
    else if (code < 0x100 && code >= 0x80) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `${out})`;
}

/** Helvetica's advance widths (1/1000 em) for the characters of an amount; others count as a digit. */
const NARROW: Record<string, number> = { ",": 278, ".": 278, " ": 278, "-": 333, "−": 333, "(": 333, ")": 333 };
const widthOf = (text: string, size: number, bold: boolean) =>
  ([...text].reduce((sum, ch) => sum + (NARROW[ch] ?? (ch === "-" ? 333 : bold && /[A-Za-z]/.test(ch) ? 611 : 556)), 0) * size) / 1000;

/** The PDF's bytes. Lines that do not fit on the page are left out (a receipt is short). */
export function textPdf(lines: readonly PdfLine[], info: { title: string }): Buffer {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gapBefore ?? 0) + size * 1.5;
    if (y < PAGE.margin) break;
    const font = line.bold ? "/F2" : "/F1";
    if (line.ruleAbove) ops.push(`0.5 w ${PAGE.margin} ${y + size * 1.1} m ${PAGE.width - PAGE.margin} ${y + size * 1.1} l S`);
    ops.push(`BT ${font} ${size} Tf ${PAGE.margin} ${y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`);
    if (line.right !== undefined) {
      const x = PAGE.width - PAGE.margin - widthOf(line.right, size, Boolean(line.bold));
      ops.push(`BT ${font} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(line.right)} Tj ET`);
    }
  }
  const content = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(info.title)} /Producer (cat hotel) >>`,
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
