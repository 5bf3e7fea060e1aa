/**
 * Where to go after signing in (or choosing a workspace), when a page sent the person there: only a path of this site. Resolved as a
 * URL would be (which drops tabs and newlines, so `/\t/evil.com` is another site), and kept only when it stays on
 * this origin.
 *
 * @example
 * safeNext("/invoices?Statuses=1"); // "/invoices?Statuses=1"
 * safeNext("//evil.com");           // undefined
 */
export function safeNext(value: string | string[] | undefined): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  const url = new URL(value, "http://backroom.invalid");
  return url.origin === "http://backroom.invalid" ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
