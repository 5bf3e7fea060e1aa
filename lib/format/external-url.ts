/**
 * A link the Data API gave (an invoice's PDF, a certificate of analysis, a purchase's PDF) as the page may use it: an
 * absolute http(s) URL, or a path of Backroom's own (the embedded sandbox's documents). Anything else (`javascript:`,
 * `data:`, `vbscript:`, a protocol-relative `//host`, text that is no URL) is not linked. The API is trusted for data,
 * not for what a click runs: React 19 also blocks `javascript:` links, and the page's CSP blocks inline script, but a
 * link the page never makes is the first defence.
 *
 * @example
 * externalHref("https://erp.example/doc/1.pdf"); // "https://erp.example/doc/1.pdf"
 * externalHref("javascript:alert(1)"); // undefined
 */
export function externalHref(value: string | null | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text.startsWith("/") && !text.startsWith("//") && !text.startsWith("/\\")) return text;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
