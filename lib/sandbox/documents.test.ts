import { describe, expect, it } from "vitest";
import { pdfDocument, svgPicture } from "./documents";

describe("documents", () => {
  it("make a PDF whose cross-reference table points at each object", () => {
    const pdf = pdfDocument("Invoice INV-1 (copy)", ["Café \\ net", "Total 10.00"]);
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    expect(/stream\n([\s\S]*?)\nendstream/.exec(pdf)![1]).toHaveLength(length);
    // Text is escaped and reduced to ASCII.
    expect(pdf).toContain("(Invoice INV-1 \\(copy\\)) Tj");
    expect(pdf).toContain("(Cafe \\\\ net) Tj");
  });

  it("make an SVG with initials, escaping names", () => {
    const svg = svgPicture("Tom & Jerry's <Shop>", "Flower · 3.5g", 160);
    expect(svg).toContain('aria-label="Tom &amp; Jerry&apos;s &lt;Shop&gt;"');
    expect(svg).toContain(">TJ<");
    expect(svgPicture("Tom & Jerry's <Shop>", undefined, 160)).toBe(svgPicture("Tom & Jerry's <Shop>", undefined, 160));
  });
});
