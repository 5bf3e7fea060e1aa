/**
 * The documents the sandbox's records link to, made on request: a one-page PDF of text, and an SVG image.
 * Enough to open, print and check in a browser; the data in them is the record's own.
 */

/** PDF text strings take printable ASCII; parentheses and backslashes are escaped. */
function pdfText(line: string): string {
  const ascii = line.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return ascii.replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A valid one-page PDF (letter size, Helvetica) holding a title and lines of text. All ASCII, so the text is the bytes
 * and the cross-reference offsets are string positions.
 *
 * @example
 * const bytes = pdfDocument("Invoice INV-100001", ["Customer: Green Door", "Total: 125.50"]);
 */
export function pdfDocument(title: string, lines: string[]): string {
  const text = [
    "BT",
    "/F1 16 Tf",
    "72 740 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 10 Tf",
    "0 -24 Td",
    ...lines.slice(0, 55).flatMap((line) => [`(${pdfText(line)}) Tj`, "0 -12 Td"]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

function xml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

/** A steady colour for a name: the same name always gets the same hue. */
function hue(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/**
 * A square SVG picture: a coloured field with initials and, when given, a caption (product images, profile pictures).
 * Colours keep white text readable.
 */
export function svgPicture(name: string, caption: string | undefined, size: number): string {
  const initials = (name.match(/[A-Za-z0-9]+/g) ?? ["?"])
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  const label = caption
    ? `<text x="50%" y="${Math.round(size * 0.86)}" font-size="${Math.round(size * 0.07)}" text-anchor="middle" fill="#fff" font-family="Arial, sans-serif">${xml(caption.slice(0, 40))}</text>`
    : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${xml(name)}">`,
    `<rect width="100%" height="100%" fill="hsl(${hue(name)} 45% 32%)"/>`,
    `<text x="50%" y="52%" font-size="${Math.round(size * 0.34)}" text-anchor="middle" dominant-baseline="middle" fill="#fff" font-family="Arial, sans-serif" font-weight="700">${xml(initials)}</text>`,
    label,
    "</svg>",
  ].join("");
}
