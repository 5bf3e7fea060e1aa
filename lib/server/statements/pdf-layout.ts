import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fontkit from "@cantoo/fontkit";
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, PDFString, rgb } from "@cantoo/pdf-lib";
import type { PaperSize } from "@/lib/domain/statements/statement-schedule";

/**
 * A printed document's pages with pdf-lib (the maintained fork, `@cantoo/pdf-lib`): a cursor that flows text, wrapped
 * paragraphs and tables down the pages, a table's header again on each page it crosses, links, and each page's header
 * and "Page i of n" footer drawn at the end, when the count is known. The fonts are Liberation Sans 2 (SIL Open Font
 * License, in `fonts/` beside this file), embedded as subsets: the standard 14 fonts cannot encode the true minus
 * sign (U+2212) the dashboard writes negative amounts with, and a retailer's name may hold any letter.
 */

export type { PaperSize } from "@/lib/domain/statements/statement-schedule";

const MARGIN = 40;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.3, 0.3, 0.35);
const LINK = rgb(0.05, 0.25, 0.6);
const RULE = rgb(0.55, 0.55, 0.6);
const SHADE = rgb(0.94, 0.94, 0.95);

/** The fonts' files, read once per process. */
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function fonts() {
  const dir = join(process.cwd(), "lib", "server", "statements", "fonts");
  fontFiles ??= Promise.all([
    readFile(join(dir, "LiberationSans-Regular.ttf")),
    readFile(join(dir, "LiberationSans-Bold.ttf")),
  ]).then(([regular, bold]) => ({ regular, bold }));
  fontFiles.catch(() => (fontFiles = undefined));
  return fontFiles;
}

/** One column of a table: its header, its share of the width, and which side its text keeps to. */
export interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

/** A table's cell: its text, and where it links to (a page of Backroom's). */
export type Cell = string | { text: string; href?: string; bold?: boolean };

/** What each page carries above its content (drawn when the document is done). */
export type PageHeader = (page: PDFPage, layout: Layout, pageNumber: number) => void;

export class Layout {
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly width: number;
  readonly height: number;
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** Where the next line's top is. */
  private y = 0;
  private readonly top: number;

  private constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont, size: PaperSize, headerHeight: number) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    [this.width, this.height] = size === "A4" ? PageSizes.A4 : PageSizes.Letter;
    this.top = this.height - MARGIN - headerHeight;
    this.newPage();
  }

  /** A document with its fonts embedded, its first page open below a header `headerHeight` high. */
  static async create(
    size: PaperSize,
    headerHeight: number,
    meta: { title: string; author: string; made: Date },
  ): Promise<Layout> {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setAuthor(meta.author);
    doc.setProducer("Backroom");
    doc.setCreator("Backroom");
    doc.setCreationDate(meta.made);
    doc.setModificationDate(meta.made);
    doc.registerFontkit(fontkit);
    const files = await fonts();
    const [regular, bold] = await Promise.all([
      doc.embedFont(files.regular, { subset: true }),
      doc.embedFont(files.bold, { subset: true }),
    ]);
    return new Layout(doc, regular, bold, size, headerHeight);
  }

  get contentWidth(): number {
    return this.width - 2 * MARGIN;
  }

  get left(): number {
    return MARGIN;
  }

  get right(): number {
    return this.width - MARGIN;
  }

  private newPage() {
    this.page = this.doc.addPage([this.width, this.height]);
    this.pages.push(this.page);
    this.y = this.top;
  }

  /** Room for `height` more points on this page, or a new page (`onBreak` then draws what a continued part repeats). */
  ensure(height: number, onBreak?: () => void) {
    if (this.y - height < MARGIN + 24) {
      this.newPage();
      onBreak?.();
    }
  }

  space(points: number) {
    this.y -= points;
  }

  /** Text cut to fit `width`, with an ellipsis. */
  fit(text: string, width: number, font: PDFFont, size: number): string {
    if (font.widthOfTextAtSize(text, size) <= width) return text;
    let cut = text;
    while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  }

  /** Draws a line of text at an absolute place on `page` (the header's and footer's). */
  textAt(
    page: PDFPage,
    text: string,
    x: number,
    y: number,
    options: { size?: number; bold?: boolean; align?: "left" | "right"; muted?: boolean } = {},
  ) {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? 9;
    const left = options.align === "right" ? x - font.widthOfTextAtSize(text, size) : x;
    page.drawText(text, { x: left, y, size, font, color: options.muted ? MUTED : TEXT });
  }

  /** A rule across the content's width at `y` of `page` (under a page's header). */
  ruleAt(page: PDFPage, y: number) {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: this.width - MARGIN, y }, thickness: 0.8, color: RULE });
  }

  /** A link over a rectangle of `page` to an address (a Backroom page). */
  private link(page: PDFPage, x: number, y: number, width: number, height: number, href: string) {
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(href) },
      }),
    );
    page.node.addAnnot(annotation);
  }

  /** A heading, kept with room for a few lines below it. */
  heading(text: string, size = 11) {
    // With room for what follows it (a table's header and a first rows): a heading never ends a page.
    this.ensure(size + 60);
    this.space(size + 6);
    this.textAt(this.page, text, MARGIN, this.y, { size, bold: true });
    this.space(8);
  }

  /** A paragraph, wrapped at the content's width. */
  paragraph(text: string, options: { size?: number; muted?: boolean; bold?: boolean } = {}) {
    const size = options.size ?? 8.5;
    const font = options.bold ? this.bold : this.regular;
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > this.contentWidth) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      this.ensure(size + 3);
      this.space(size + 3);
      this.textAt(this.page, l, MARGIN, this.y, { size, muted: options.muted, bold: options.bold });
    }
    this.space(3);
  }

  /** Boxes side by side, each a label over a figure (the aging's buckets). */
  boxes(items: { label: string; value: string; strong?: boolean }[]) {
    const height = 34;
    this.ensure(height + 8);
    this.space(4);
    const width = this.contentWidth / items.length;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - height,
      width: this.contentWidth,
      height,
      borderColor: RULE,
      borderWidth: 0.6,
    });
    items.forEach((item, i) => {
      const x = MARGIN + i * width;
      if (i > 0)
        this.page.drawLine({ start: { x, y: this.y }, end: { x, y: this.y - height }, thickness: 0.4, color: RULE });
      this.textAt(this.page, this.fit(item.label, width - 8, this.regular, 7.5), x + 4, this.y - 11, {
        size: 7.5,
        muted: true,
      });
      this.textAt(
        this.page,
        this.fit(item.value, width - 8, item.strong ? this.bold : this.regular, 9.5),
        x + 4,
        this.y - 26,
        { size: 9.5, bold: item.strong },
      );
    });
    this.space(height + 6);
  }

  /**
   * A table flowing down the pages: its header again on each page it continues on (after the title's "continued"
   * line), shaded alternate rows, a bold last row when `total` is given.
   */
  table(title: string, columns: Column[], rows: Cell[][], total?: Cell[]) {
    const size = 8;
    const rowHeight = 13;
    const widths = columns.map((c) => (c.width / columns.reduce((sum, col) => sum + col.width, 0)) * this.contentWidth);
    const starts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const textOf = (cell: Cell) => (typeof cell === "string" ? cell : cell.text);
    const drawRow = (cells: Cell[], options: { bold?: boolean; shade?: boolean; header?: boolean }) => {
      if (options.shade || options.header)
        this.page.drawRectangle({
          x: MARGIN,
          y: this.y - rowHeight + 3.5,
          width: this.contentWidth,
          height: rowHeight,
          color: SHADE,
        });
      const baseline = this.y - rowHeight + 7;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        const { text, href, bold } = typeof cell === "string" ? { text: cell, href: undefined, bold: false } : cell;
        const font = options.bold || options.header || bold ? this.bold : this.regular;
        // A left-aligned cell runs on over the empty cells after it (a total's label).
        let width = widths[i]!;
        for (let next = i + 1; column.align !== "right" && next < cells.length && textOf(cells[next]!) === ""; next++)
          width += widths[next]!;
        const shown = this.fit(text, width - 8, font, size);
        const textWidth = font.widthOfTextAtSize(shown, size);
        const x = column.align === "right" ? starts[i]! + widths[i]! - 4 - textWidth : starts[i]! + 4;
        this.page.drawText(shown, { x, y: baseline, size, font, color: href ? LINK : TEXT });
        if (href) this.link(this.page, x - 1, baseline - 2.5, textWidth + 2, size + 3.5, href);
      });
      this.space(rowHeight);
    };
    const header = () =>
      drawRow(
        columns.map((c) => c.header),
        { header: true },
      );
    this.heading(title);
    header();
    rows.forEach((cells, n) => {
      this.ensure(rowHeight, () => {
        this.space(10);
        this.textAt(this.page, `${title} (continued)`, MARGIN, this.y, { size: 9, bold: true });
        this.space(6);
        header();
      });
      drawRow(cells, { shade: n % 2 === 1 });
    });
    if (total) {
      this.ensure(rowHeight + 2);
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 2.5 },
        end: { x: MARGIN + this.contentWidth, y: this.y + 2.5 },
        thickness: 0.6,
        color: RULE,
      });
      drawRow(total, { bold: true });
    }
    this.space(4);
  }

  /** Draws each page's header and its "Page i of n" footer (with `footer`'s words on its left), then the bytes. */
  async save(header: PageHeader, footer: string): Promise<Uint8Array> {
    const count = this.pages.length;
    this.pages.forEach((page, i) => {
      header(page, this, i + 1);
      page.drawLine({
        start: { x: MARGIN, y: MARGIN + 14 },
        end: { x: this.width - MARGIN, y: MARGIN + 14 },
        thickness: 0.4,
        color: RULE,
      });
      this.textAt(page, this.fit(footer, this.contentWidth - 80, this.regular, 7.5), MARGIN, MARGIN + 3, {
        size: 7.5,
        muted: true,
      });
      this.textAt(page, `Page ${i + 1} of ${count}`, this.width - MARGIN, MARGIN + 3, { size: 8, align: "right" });
    });
    return this.doc.save();
  }
}
