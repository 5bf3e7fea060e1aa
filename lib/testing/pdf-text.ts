import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** One page of a PDF as a reader's tools see it: its lines of text (in reading order), its links, its size. */
export interface PdfPage {
  lines: string[];
  links: string[];
  width: number;
  height: number;
}

/**
 * A PDF's text and links read back with pdf.js (Mozilla's reader, the legacy build for Node): what a test asks of a
 * document a person downloads (every invoice number, the totals, where its links go). Used by tests only.
 *
 * @example
 * const pages = await pdfPages(bytes);
 * pages.flatMap((p) => p.lines).some((line) => line.includes("INV-100001"));
 */
export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: PdfPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view as [number, number, number, number];
      const items = (await page.getTextContent()).items.flatMap((item) =>
        "str" in item
          ? [{ text: item.str, x: item.transform[4] as number, y: Math.round(item.transform[5] as number) }]
          : [],
      );
      // Lines top to bottom, each left to right.
      const rows = new Map<number, { text: string; x: number }[]>();
      for (const item of items) if (item.text.trim()) rows.set(item.y, [...(rows.get(item.y) ?? []), item]);
      const lines = [...rows]
        .sort(([a], [b]) => b - a)
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((i) => i.text.trim())
            .join(" "),
        );
      const links = ((await page.getAnnotations()) as { subtype?: string; url?: string }[]).flatMap((a) =>
        a.subtype === "Link" && a.url ? [a.url] : [],
      );
      pages.push({ lines, links, width, height });
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}
