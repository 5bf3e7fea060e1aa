// A CSV read back as a spreadsheet reads it: the tests' second reading of an export's money columns against the page
// that offers it (the column's SUM, from the file's own text, exactly).

/** The fields of a CSV line (quoted fields, doubled quotes inside). */
function fields(line: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let text = "";
      at++;
      while (at < line.length) {
        if (line[at] === '"' && line[at + 1] === '"') {
          text += '"';
          at += 2;
        } else if (line[at] === '"') break;
        else text += line[at++];
      }
      out.push(text);
      at += 2;
    } else {
      const end = line.indexOf(",", at);
      out.push(line.slice(at, end < 0 ? line.length : end));
      at = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return out;
}

/** A decimal as integer thousandths of a cent (micro-dollars), exactly. */
export function micros(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{0,6}))?$/.exec(text.replace(/[$,]/g, "").replace("−", "-"));
  if (!m) throw new Error(`not an amount: ${text}`);
  const n = BigInt(m[2]!) * 1_000_000n + BigInt(((m[3] ?? "") + "000000").slice(0, 6));
  return m[1] ? -n : n;
}

/** A column of the CSV added up from the file's text, as a spreadsheet's SUM would. */
export function csvSum(csv: string, header: string): bigint {
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split(/\r?\n/);
  const at = fields(lines[0]!).indexOf(header);
  if (at < 0) throw new Error(`the CSV has no column "${header}"`);
  return lines.slice(1).reduce((t, line) => t + micros(fields(line)[at]!), 0n);
}
