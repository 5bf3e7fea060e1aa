const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Six characters of [a-z0-9], from the browser's (or Node's) random source. */
export function randomSuffix(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is not a multiple of 36: the first four characters come up a little more often, which a suffix can bear.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/**
 * A new workspace's slug (better-auth's organizations need a unique one): its name in lower-case ASCII words joined by
 * hyphens, at most 40 characters, then a random suffix so two teams of the same name never collide. Slugs starting with
 * `demo` are the demo's own (`demo-supplier-production`): a workspace named so gets `ws-` before it.
 *
 * @example
 * workspaceSlug("Valley Cannabis — Buyers", "x7k2qa"); // "valley-cannabis-buyers-x7k2qa"
 * workspaceSlug("店", "x7k2qa"); // "workspace-x7k2qa"
 * workspaceSlug("Demo supplier production", "x7k2qa"); // "ws-demo-supplier-production-x7k2qa"
 */
export function workspaceSlug(name: string, suffix = randomSuffix()): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  const slug = `${base || "workspace"}-${suffix}`;
  return isDemoSlug(slug) ? `ws-${slug}` : slug;
}

/** Whether a slug is the demo's to hold (`demo-customer-test`, …): no workspace of anyone else's is given one. */
export function isDemoSlug(slug: string): boolean {
  return /^demo(-|$)/.test(slug);
}
