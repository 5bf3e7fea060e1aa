import * as z from "zod";
import { requireDecimal } from "@/lib/format/decimal";
import type { CollectionRow } from "./collections";

/**
 * The Collections page's list: the choices in its address (filters, sort, page), the rows they keep in
 * their order, and the columns, written once for the page and its CSV (`GET /api/collections/export`), so that a
 * download holds what the page shows, every row of it.
 */

/** Rows a page shows, and one page of them (shared with the AR aging's table). */
export { ROWS_PER_PAGE as PAGE_SIZE, pageOf } from "@/lib/domain/page-of";

/** The least age of the debt an account must have: any balance, or some of it over 30, 60 or 90 days past due. */
export const AGES = [
  { value: "any", label: "Any balance" },
  { value: "30", label: "Over 30 days" },
  { value: "60", label: "Over 60 days" },
  { value: "90", label: "Over 90 days" },
] as const;

/** The agent filter's value for accounts whose customers name no collection agent. */
export const NO_AGENT = "-";

/** How a page shows a column's text (the CSV keeps it as is). */
export type ColumnKind = "text" | "id" | "count" | "money" | "day" | "flag";

export interface CollectionColumn {
  id: string;
  header: string;
  kind: ColumnKind;
  /** The CSV's field. */
  value: (row: CollectionRow) => string;
  /** What the column orders by (absent: it does not sort). Null sorts last either way. */
  order?: (row: CollectionRow) => string | number | bigint | null;
  /**
   * A column of its own on the page (every column is in the CSV): the page keeps to what a call needs, within a laptop's
   * width; the AR account and the days since stand in the customer's and the last payment's cells.
   */
  page: boolean;
  /** The order a first press of its header asks (else text A to Z, figures largest first). */
  first?: "asc" | "desc";
}

const money = (id: keyof CollectionRow & string, header: string, page: boolean): CollectionColumn => ({
  id,
  header,
  kind: "money",
  page,
  value: (r) => r[id] as string,
  order: (r) => requireDecimal(r[id] as string),
});
const text = (value: string | number | null) => (value === null ? "" : String(value));

/** Whether the account is over its credit limit: less than nothing available (false without a limit, or unread). */
export const overLimit = (row: CollectionRow): boolean =>
  row.credit?.available != null && requireDecimal(row.credit.available) < 0n;

/** Over 30, 60 or 90 as the list ranks and filters by it: net of what the account has in dispute. */
export const ranked = (row: CollectionRow, id: "over30" | "over60" | "over90") => row.disputed?.[id] ?? row[id];

/** Every column, in the CSV's order; the page shows those marked `page`. */
export const COLUMNS: readonly CollectionColumn[] = [
  {
    id: "arAccountId",
    header: "AR account",
    kind: "id",
    page: false,
    value: (r) => String(r.arAccountId),
    order: (r) => r.arAccountId,
  },
  {
    id: "name",
    header: "Customer",
    kind: "text",
    page: true,
    value: (r) => r.name,
    order: (r) => r.name.toLocaleLowerCase("en-US"),
  },
  { id: "customerIds", header: "Customer IDs", kind: "text", page: false, value: (r) => r.customerIds.join(" ") },
  { id: "customerNames", header: "Customers", kind: "text", page: false, value: (r) => r.customerNames.join("; ") },
  { id: "state", header: "State", kind: "text", page: true, value: (r) => text(r.state), order: (r) => r.state },
  {
    id: "onHold",
    header: "On hold",
    kind: "flag",
    page: true,
    value: (r) => (r.onHold ? "Yes" : "No"),
    order: (r) => (r.onHold ? 1 : 0),
  },
  { id: "accountStatus", header: "Account status", kind: "text", page: false, value: (r) => text(r.accountStatus) },
  {
    id: "agentName",
    header: "Collection agent",
    kind: "text",
    page: true,
    value: (r) => text(r.agentName),
    order: (r) => r.agentName?.toLocaleLowerCase("en-US") ?? null,
  },
  { id: "agentEmail", header: "Agent email", kind: "text", page: false, value: (r) => text(r.agentEmail) },
  { id: "salesRep", header: "Sales rep", kind: "text", page: false, value: (r) => text(r.salesRep) },
  { id: "suppliers", header: "Suppliers", kind: "count", page: false, value: (r) => String(r.suppliers) },
  money("current", "Current", false),
  money("due1to30", "1–30 days", false),
  money("due31to60", "31–60 days", false),
  money("due61to90", "61–90 days", false),
  money("due91", "91+ days", false),
  ...(["over30", "over60", "over90"] as const).map((id) => ({
    ...money(id, `Over ${id.slice(4)}`, true),
    // Ranked net of what is in dispute: an account is not chased for it (`netOfDisputes`).
    order: (r: CollectionRow) => requireDecimal(ranked(r, id)),
  })),
  {
    id: "disputed",
    header: "In dispute",
    kind: "money",
    page: false,
    value: (r) => r.disputed?.disputed ?? "0.000000",
    order: (r) => requireDecimal(r.disputed?.disputed ?? "0"),
  },
  money("openCredit", "Open credit", true),
  money("unapplied", "Unapplied payments", true),
  money("total", "Total outstanding", true),
  // The credit (`withCredit`): empty where no limit is set, or the credit was not read.
  {
    id: "limit",
    header: "Credit limit",
    kind: "money",
    page: false,
    value: (r) => text(r.credit?.limit ?? null),
  },
  {
    id: "openLists",
    header: "Open reorder lists",
    kind: "money",
    page: false,
    value: (r) => text(r.credit?.openLists ?? null),
  },
  {
    id: "available",
    header: "Credit available",
    kind: "money",
    page: true,
    first: "asc",
    value: (r) => text(r.credit?.available ?? null),
    order: (r) => (r.credit?.available == null ? null : requireDecimal(r.credit.available)),
  },
  {
    id: "lastPayment",
    header: "Last payment",
    kind: "day",
    page: true,
    value: (r) => text(r.lastPayment),
    order: (r) => r.lastPayment,
  },
  {
    id: "daysSince",
    header: "Days since",
    kind: "count",
    page: false,
    value: (r) => text(r.daysSince),
    order: (r) => r.daysSince,
  },
  {
    id: "people",
    header: "Store emails",
    kind: "text",
    page: false,
    value: (r) => (r.people ?? []).map((p) => (p.name === p.email ? p.email : `${p.name} <${p.email}>`)).join("; "),
  },
];

export const SORTS = COLUMNS.filter((c) => c.order).map((c) => c.id) as [string, ...string[]];

/** The page's address: every choice is in it (a bookmark and the export ask the same). Bad values fall back. */
export const CollectionsQuery = z.object({
  age: z
    .enum(AGES.map((a) => a.value) as ["any", "30", "60", "90"])
    .catch("any")
    .describe("The least age of a balance: any, or over 30, 60 or 90 days."),
  hold: z.literal("1").optional().catch(undefined).describe("On hold only."),
  credit: z
    .literal("1")
    .optional()
    .catch(undefined)
    .describe("Unapplied credit only: payments' credit left to allocate, or open credit."),
  over: z
    .literal("limit")
    .optional()
    .catch(undefined)
    .describe("Over its credit limit only (as `GET /api/credit?over=limit`)."),
  agent: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .catch(undefined)
    .describe("One collection agent by name, or `NO_AGENT`."),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .catch(undefined)
    .describe("Words of a customer's name, or an AR account's or customer's id."),
  sort: z.enum(SORTS).catch("over90"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  table: z
    .literal("whole")
    .optional()
    .catch(undefined)
    .describe(
      "The whole table on a phone rather than a card per account (the lists' `?table=whole`); the export ignores it.",
    ),
});
export type CollectionsQuery = z.infer<typeof CollectionsQuery>;

/** The query's defaults, left out of addresses. */
export const DEFAULTS: Readonly<Partial<Record<keyof CollectionsQuery, string>>> = {
  age: "any",
  sort: "over90",
  dir: "desc",
  page: "1",
};

/**
 * The query from an address's parameters (the first of a repeated one).
 *
 * @example
 * collectionsQuery({ age: "90", sort: "total" }); // { age: "90", sort: "total", dir: "desc", page: 1 }
 */
export function collectionsQuery(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): CollectionsQuery {
  const entries =
    params instanceof URLSearchParams
      ? [...params.keys()].map((k) => [k, params.get(k)] as const)
      : Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v] as const);
  return CollectionsQuery.parse(Object.fromEntries(entries));
}

/**
 * An address of the page (or of its export) for a query with some choices changed; defaults left out.
 *
 * @example
 * collectionsHref({ ...query, page: 2 }); // "/collections?age=90&page=2"
 */
export function collectionsHref(query: CollectionsQuery, path = "/collections"): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || DEFAULTS[name as keyof CollectionsQuery] === String(value)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const positive = (amount: string) => requireDecimal(amount) > 0n;

/** The aging's buckets, oldest first: the first an account owes something in is its worst. */
const WORST_FIRST = [
  { id: "due91", label: "91+ days" },
  { id: "due61to90", label: "61–90 days" },
  { id: "due31to60", label: "31–60 days" },
  { id: "due1to30", label: "1–30 days" },
  { id: "current", label: "Current" },
] as const satisfies readonly { id: keyof CollectionRow; label: string }[];

/**
 * The oldest bucket an account owes something in, and what it owes there (an account's card names it); undefined when
 * it owes nothing in any.
 *
 * @example
 * worstBucket({ ...row, due91: "0", due61to90: "250.000000" }); // { label: "61–90 days", amount: "250.000000" }
 */
export function worstBucket(row: CollectionRow): { label: string; amount: string } | undefined {
  const worst = WORST_FIRST.find((b) => positive(row[b.id]));
  return worst && { label: worst.label, amount: row[worst.id] };
}
const OVER: Record<CollectionsQuery["age"], (r: CollectionRow) => boolean> = {
  any: () => true,
  "30": (r) => positive(ranked(r, "over30")),
  "60": (r) => positive(ranked(r, "over60")),
  "90": (r) => positive(ranked(r, "over90")),
};

/** Whether a row is kept by the query's filters. */
function kept(row: CollectionRow, query: CollectionsQuery): boolean {
  if (!OVER[query.age](row)) return false;
  if (query.hold && !row.onHold) return false;
  if (query.credit && !positive(row.unapplied) && !positive(row.openCredit)) return false;
  if (query.over === "limit" && !overLimit(row)) return false;
  if (query.agent !== undefined && (query.agent === NO_AGENT ? row.agentName !== null : row.agentName !== query.agent))
    return false;
  if (query.q !== undefined) {
    const words = query.q.toLocaleLowerCase("en-US");
    const ids = [row.arAccountId, ...row.customerIds].map(String);
    if (
      !ids.includes(words) &&
      !row.customerNames.some((n) => n.toLocaleLowerCase("en-US").includes(words)) &&
      !row.name.toLocaleLowerCase("en-US").includes(words)
    )
      return false;
  }
  return true;
}

const compare = (a: string | number | bigint, b: string | number | bigint) =>
  typeof a === "string" || typeof b === "string"
    ? String(a).localeCompare(String(b), "en-US")
    : a < b
      ? -1
      : a > b
        ? 1
        : 0;
const TIES = ["over90", "over60", "over30"].map((id) => COLUMNS.find((c) => c.id === id)!.order!);

/**
 * The rows the query keeps, in its order: the chosen column (rows without a value last, either way), then the most
 * overdue first (over 90, over 60, over 30, descending), then by AR account.
 *
 * @example
 * listed(rows, collectionsQuery({ age: "90" }))[0]; // the account with most over 90 days past due
 */
export function listed(rows: readonly CollectionRow[], query: CollectionsQuery): CollectionRow[] {
  const column = COLUMNS.find((c) => c.id === query.sort && c.order) ?? COLUMNS.find((c) => c.id === "over90")!;
  const sign = query.dir === "asc" ? 1 : -1;
  return rows
    .filter((row) => kept(row, query))
    .map((row) => ({ row, value: column.order!(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value !== b.value) return a.value === null ? 1 : -1;
      } else {
        const by = compare(a.value, b.value) * sign;
        if (by !== 0) return by;
      }
      for (const tie of TIES) {
        const by = compare(tie(b.row)!, tie(a.row)!);
        if (by !== 0) return by;
      }
      return a.row.arAccountId - b.row.arAccountId;
    })
    .map(({ row }) => row);
}

/**
 * The collection agents of the rows, by name (the agent filter's choices), and whether some account has none.
 *
 * @example
 * agentsOf(rows); // { names: ["Dana Cole", "Lee Park"], none: true }
 */
export function agentsOf(rows: readonly CollectionRow[]): { names: string[]; none: boolean } {
  const names = new Set<string>();
  let none = false;
  for (const row of rows) {
    if (row.agentName === null) none = true;
    else names.add(row.agentName);
  }
  return { names: [...names].sort((a, b) => a.localeCompare(b, "en-US")), none };
}
