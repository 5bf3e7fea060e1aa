import { INVOICE_STATUSES } from "@/lib/data-api/values";
import type { ExportFormat } from "@/lib/domain/accounting/format-names";
import { formatChoice } from "@/lib/domain/accounting/format-names";
export { FORMAT_CHOICES, formatChoice, formatLabel } from "@/lib/domain/accounting/format-names";

/**
 * What the Books export page asks of `/api/accounting/preview` and `/api/accounting/export`: the format,
 * the period, the statuses, the store, "only what is new". Pure, for the page and its tests. The formats' names and
 * labels come from `format-names.ts`, not `formats.ts`, whose writers the page never runs.
 */

/** The invoice statuses an export may take, in the API's order (every one by default). */
export const STATUS_CHOICES = Object.entries(INVOICE_STATUSES).map(([id, name]) => ({ id: Number(id), name }));
export const ALL_STATUSES: readonly number[] = STATUS_CHOICES.map((s) => s.id);

/** Most days one export covers: the server's `MAX_PERIOD_DAYS`. */
export const MAX_PERIOD_DAYS = 366;

export interface ExportRequest {
  format: ExportFormat;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** The invoice statuses (bills only; payments ignore them). */
  statuses: readonly number[];
  /** One store (required of an Employee key); all the key's stores when absent. */
  customer?: number;
  /** Only what no earlier marked export to the program held unchanged; off: the period again, whole. */
  newOnly: boolean;
}

/** The request's query: parameters in a stable order, the default statuses left out, commas kept. */
export function exportQuery(request: ExportRequest): string {
  const params = new URLSearchParams({ format: request.format, from: request.from, to: request.to });
  const statuses = [...new Set(request.statuses)].sort((a, b) => a - b);
  if (formatChoice(request.format).kind === "bills" && statuses.join() !== ALL_STATUSES.join())
    params.set("statuses", statuses.join(","));
  if (request.customer !== undefined) params.set("customer", String(request.customer));
  // Said both ways: the server's default is only what is new, and asking again is a choice the address keeps.
  params.set("new", request.newOnly ? "1" : "0");
  return params.toString().replaceAll("%2C", ",");
}

/**
 * The preview's address, and a file's: a GET of it downloads the file; a POST of it (owners, admins and the Accounts
 * role) downloads it and remembers it in the workspace's ledger. `part` is one of Xero's files of 500 bills.
 *
 * @example
 * previewPath({ format: "iif", from: "2026-11-01", to: "2026-11-21", statuses: ALL_STATUSES, newOnly: true });
 * // "/api/accounting/preview?format=iif&from=2026-11-01&to=2026-11-21&new=1"
 * downloadHref(request, { part: 2 }); // "/api/accounting/export?…&part=2"
 */
export function previewPath(request: ExportRequest): string {
  return `/api/accounting/preview?${exportQuery(request)}`;
}

export function downloadHref(request: ExportRequest, { part }: { part: number }): string {
  return `/api/accounting/export?${exportQuery(request)}${part > 1 ? `&part=${part}` : ""}`;
}

/** The form's values as typed: the store's id is text until it is checked. */
export interface ExportDraft extends Omit<ExportRequest, "customer"> {
  customer: string;
}

export type DraftProblems = Partial<Record<"from" | "to" | "statuses" | "customer", string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The draft as a request, or what is wrong with it, field by field, as the server would say it (before asking it).
 * `storeRequired`: an Employee key exports one store's books.
 *
 * @example
 * checkDraft({ ...draft, from: "2026-11-30", to: "2026-11-01" }, { storeRequired: false });
 * // { problems: { to: "On or after the first day." } }
 */
export function checkDraft(
  draft: ExportDraft,
  { storeRequired }: { storeRequired: boolean },
): { request: ExportRequest } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  if (!isDay(draft.from)) problems.from = "A day, as the date field takes it.";
  if (!isDay(draft.to)) problems.to = "A day, as the date field takes it.";
  else if (!problems.from && draft.to < draft.from) problems.to = "On or after the first day.";
  else if (!problems.from && daysBetween(draft.from, draft.to) >= MAX_PERIOD_DAYS)
    problems.to = `At most ${MAX_PERIOD_DAYS} days after the first day: export a year at most at once.`;
  if (formatChoice(draft.format).kind === "bills" && draft.statuses.length === 0)
    problems.statuses = "At least one status.";
  const store = draft.customer.trim();
  if (store !== "" && !/^\d{1,12}$/.test(store)) problems.customer = "A CustomerID: digits only.";
  else if (store === "" && storeRequired) problems.customer = "Name the store: its CustomerID.";
  if (Object.keys(problems).length) return { problems };
  return {
    request: {
      format: draft.format,
      from: draft.from,
      to: draft.to,
      statuses: draft.statuses,
      ...(store ? { customer: Number(store) } : {}),
      newOnly: draft.newOnly,
    },
  };
}
