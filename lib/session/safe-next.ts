const SITE = "http://backroom.invalid";

/**
 * Where to go after signing in (or choosing a workspace, or following a link Backroom made): only a path of this site.
 * The one redirect rule: the value is resolved as a URL would be (which drops tabs and newlines and folds `/./` and
 * `/../`), and the result is kept only when it stays on this origin and cannot be read as another site's address by
 * whoever follows it (a path that starts with `//` or `/\` is one, however it was spelt: `/.//x`, `/%2e//x`, `/..//x`;
 * so is an escaped slash, `/.%2f/x`, once decoded again).
 *
 * @example
 * safeNext("/invoices?Statuses=1"); // "/invoices?Statuses=1"
 * safeNext("//evil.com");           // undefined
 * safeNext("/.//evil.com");         // undefined
 */
export function safeNext(value: string | string[] | undefined): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return undefined;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // An escaped slash or backslash in the path becomes a separator wherever the path is decoded once more.
  if (url.origin !== SITE || path.startsWith("//") || path.startsWith("/\\") || /%(2f|5c)/i.test(url.pathname))
    return undefined;
  return path;
}

/**
 * Whether a redirect target the accounts library is handed (`callbackURL`, `redirectTo`, `errorCallbackURL`,
 * `newUserCallbackURL`) passes the same rule: a path of this site that `safeNext` keeps as it is written.
 *
 * @example
 * isSafeRedirect("/reset-password"); // true
 * isSafeRedirect("/.//evil.example"); // false
 */
export function isSafeRedirect(value: unknown): boolean {
  return typeof value === "string" && safeNext(value) !== undefined && !/[\u0000-\u001f\u007f\\]/.test(value);
}
