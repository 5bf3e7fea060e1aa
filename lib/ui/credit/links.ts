import type { Route } from "next";

/** The full view of an AR account's credit (`/credit/{arAccountId}`): each party sees its own side of it. */
export function creditHref(arAccountId: number): Route {
  return `/credit/${arAccountId}` as Route;
}

/** The staff's credit list's choices, as its address holds them (`creditQuery` reads them back). */
export interface CreditListLink {
  sort: string;
  dir: "asc" | "desc";
  over?: string;
  q?: string;
  page: number;
}

const DEFAULTS: Readonly<Record<string, string>> = { sort: "used", dir: "desc", page: "1" };

/**
 * An address of the credit list (or its API, `path`) for a query, its defaults left out.
 *
 * @example
 * creditListHref({ sort: "score", dir: "asc", page: 1 }); // "/credit?sort=score&dir=asc"
 */
export function creditListHref(query: CreditListLink, path = "/credit"): Route {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || DEFAULTS[name] === String(value)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return (search ? `${path}?${search}` : path) as Route;
}
