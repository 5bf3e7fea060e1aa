import "server-only";
import * as z from "zod";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { ALL_INVOICE_STATUSES } from "@/lib/domain/accounting/bills";
import { EXPORT_FORMATS, FORMATS } from "@/lib/domain/accounting/formats";
import {
  type AccountingMapping,
  DATE_FORMATS,
  MAX_MAPPED_TYPES,
  MAX_NAME_LENGTH,
} from "@/lib/domain/accounting/mapping";
import { centsText } from "@/lib/domain/accounting/money";
import { addDays } from "@/lib/format/days";
import { may } from "@/lib/session/roles";
import type { ActorResolver } from "../core/auth/actor";
import type { AuditTrail } from "../core/audit/audit-trail";
import { actorOf } from "../core/audit/write-audit";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { failureAnswer, invalidFieldAnswer, NO_STORE, upstreamFailureAnswer } from "../core/route-errors";
import { type ActorFor, withActor } from "../core/with-actor";
import { exportFile, exportPreview, type ExportQuery, planExport } from "./accounting-export";
import { reader } from "./accounting-reads";
import type { AccountingServices } from "./feature";

/**
 * The retailer's books (issue 40): `GET /api/accounting/export` (a file), `GET /api/accounting/preview` (what it would
 * hold, as JSON, with its first rows), `GET`/`PUT /api/accounting/mapping`, `GET /api/accounting/exports` (the ledger's
 * latest). The reads go through the proxy with the person's session: the key's scope applies (a Customer key's own
 * stores; an Employee key names one), and a brand's key has no books here.
 */

export interface AccountingDeps extends ProxyDeps {
  actors: ActorResolver;
  audit: AuditTrail;
  accounting: Pick<AccountingServices, "store">;
}

/** Who may set the mapping and mark exports: the owner, admins and the Accounts role. */
export const MANAGE_BOOKS = { accounting: ["manage"] } as const;

/** Most days one export covers (a year and a day: a leap year's whole). */
export const MAX_PERIOD_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => DAY.test(text) && addDays(text, 0) === text;
const Day = z.string().refine(isCalendarDay, "a calendar day as YYYY-MM-DD");
const Flag = z
  .enum(["0", "1", "true", "false"], { error: "1 or 0" })
  .optional()
  .transform((v) => v === "1" || v === "true");

const Query = z
  .strictObject({
    format: z.enum(EXPORT_FORMATS, { error: `one of ${EXPORT_FORMATS.join(", ")}` }),
    from: Day,
    to: Day,
    statuses: z
      .string()
      .regex(/^\d+(,\d+)*$/, "invoice status ids, comma-separated")
      .transform((text) => [...new Set(text.split(",").map(Number))])
      .refine(
        (ids) => ids.every((id) => (ALL_INVOICE_STATUSES as readonly number[]).includes(id)),
        `invoice status ids among ${ALL_INVOICE_STATUSES.join(", ")}`,
      )
      .optional(),
    customer: z
      .string()
      .regex(/^\d{1,12}$/, "a CustomerID")
      .transform(Number)
      .optional(),
    new: Flag,
    mark: Flag,
    part: z
      .string()
      .regex(/^[1-9]\d{0,3}$/, "a part number from 1")
      .transform(Number)
      .optional(),
  })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "on or after from" })
  .refine((q) => daysBetween(q.from, q.to) < MAX_PERIOD_DAYS, {
    path: ["to"],
    message: `at most ${MAX_PERIOD_DAYS} days after from`,
  });

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const HINT =
  "Ask as ?format=qbo-bills|xero-bills|iif|qbo-payments|xero-payments&from=YYYY-MM-DD&to=YYYY-MM-DD, optionally &statuses=1,2,3,4,5,7&customer=&new=1&mark=1&part=.";

export const json = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });

type KeyedActor = ActorFor["key"];

/** The query read and checked against the key: an answer when it is refused, else the export's query. */
function exportQuery(
  request: Request,
  actor: KeyedActor,
): { refused: Response } | { query: ExportQuery; mark: boolean; part: number } {
  if (actor.key.keyType === "Supplier") return { refused: failureAnswer("no-books") };
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return { refused: json(validationErrorBody(parsed.error, HINT), 400) };
  const q = parsed.data;
  if (actor.key.keyType === "Employee" && q.customer === undefined)
    return {
      refused: invalidFieldAnswer(
        "customer",
        "An Employee key exports one store's books: name it as customer= (its CustomerID).",
      ),
    };
  const scope = actor.key.scope.customers;
  if (actor.key.keyType === "Customer" && q.customer !== undefined && scope && !scope.some((c) => c.id === q.customer))
    return {
      refused: failureAnswer("customer-not-in-scope", undefined, "This key's retailer does not own that store."),
    };
  return {
    query: {
      format: q.format,
      from: q.from,
      to: q.to,
      statuses: q.statuses ?? [...ALL_INVOICE_STATUSES],
      customerId: q.customer,
      newOnly: q.new,
    },
    mark: q.mark,
    part: q.part ?? 1,
  };
}

/** A GET that marks must come from Backroom's pages or from no browser at all (an integration), never another site. */
function crossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

// GET /api/accounting/export?format=&from=&to=[&statuses=&customer=&new=1&mark=1&part=]: the file, named by
// Content-Disposition; X-Backroom-Records, X-Backroom-Total (the file's total) and X-Backroom-Parts (Xero's bills: 500 a
// file) say what it holds. `mark=1` remembers it (owners, admins, Accounts); a plain GET marks nothing.
export const getAccountingExport = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: AccountingDeps): Promise<Response> => {
    const asked = exportQuery(request, actor);
    if ("refused" in asked) return asked.refused;
    const { query, mark, part } = asked;
    if (mark && crossSite(request)) return failureAnswer("cross-site");
    if (mark && !may(actor.membership.role, MANAGE_BOOKS))
      return failureAnswer(
        "forbidden-by-role",
        undefined,
        "Marking an export (mark=1) is for owners, admins and the Accounts role: download it without mark=1.",
      );
    const scope = { workspaceId: actor.workspace.id, environment: actor.key.environment };
    const { mapping } = await deps.accounting.store.mapping(actor.workspace.id);
    let plan;
    try {
      plan = await planExport(reader(requestApi(request, deps)), deps.accounting.store, scope, mapping, query);
    } catch (error) {
      if (error instanceof DataApiError) return upstreamFailureAnswer(error, "The export");
      throw error;
    }
    if (part > plan.parts)
      return invalidFieldAnswer(
        "part",
        `This export is ${plan.parts} file${plan.parts === 1 ? "" : "s"}: ask for part 1 to ${plan.parts}.`,
      );
    const file = exportFile(plan, mapping, part);
    if (mark) {
      await deps.accounting.store.mark({
        ...scope,
        kind: plan.kind,
        format: query.format,
        from: query.from,
        to: query.to,
        fileName: file.name,
        totalCents: file.totalCents,
        madeBy: actor.person.id,
        records: file.records,
      });
      await deps.audit.record({
        event: "accounting-export",
        operation: "GET /api/accounting/export",
        actor: actorOf(request, actor, actor.key),
        reference: {
          exportFormat: query.format,
          periodFrom: query.from,
          periodTo: query.to,
          records: file.count,
          amount: centsText(file.totalCents),
          fileName: file.name,
          ...(query.customerId !== undefined ? { customerId: query.customerId } : {}),
        },
        result: "done",
      });
    }
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        ...NO_STORE,
        "content-type": FORMATS[query.format].contentType,
        "content-disposition": `attachment; filename="${file.name}"`,
        "x-backroom-records": String(file.count),
        "x-backroom-total": centsText(file.totalCents),
        "x-backroom-parts": String(plan.parts),
        "x-backroom-marked": mark ? "1" : "0",
      },
    });
  },
);

// GET /api/accounting/preview?format=&from=&to=[&statuses=&customer=&new=1]: what the export would hold: its counts
// (new, changed since exported, exported as they are), the invoices held back and why, its files and total, and its
// first records' rows as the file writes them.
export const getAccountingPreview = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: AccountingDeps): Promise<Response> => {
    const asked = exportQuery(request, actor);
    if ("refused" in asked) return asked.refused;
    const { query } = asked;
    const scope = { workspaceId: actor.workspace.id, environment: actor.key.environment };
    const { mapping } = await deps.accounting.store.mapping(actor.workspace.id);
    let plan;
    try {
      plan = await planExport(reader(requestApi(request, deps)), deps.accounting.store, scope, mapping, query);
    } catch (error) {
      if (error instanceof DataApiError) return upstreamFailureAnswer(error, "The export's preview");
      throw error;
    }
    const files = Array.from({ length: plan.parts }, (_, i) => {
      const file = exportFile(plan, mapping, i + 1);
      return { part: i + 1, name: file.name, records: file.count, total: centsText(file.totalCents) };
    });
    return json({
      format: query.format,
      label: FORMATS[query.format].label,
      kind: plan.kind,
      from: query.from,
      to: query.to,
      newOnly: query.newOnly,
      counts: plan.counts,
      held: plan.held,
      changed: plan.changed,
      parts: plan.parts,
      files,
      total: centsText(plan.totalCents),
      preview: exportPreview(plan, mapping),
      requests: plan.requests,
    });
  },
);

const Name = z
  .string()
  .trim()
  .min(1, "required")
  .max(MAX_NAME_LENGTH, `at most ${MAX_NAME_LENGTH} characters`)
  .refine((t) => !/[\t\r\n]/.test(t), "no tabs or line breaks");

const MappingBody = z.strictObject({
  vendorName: Name,
  defaultAccount: Name,
  accounts: z
    .record(z.string().trim().min(1).max(MAX_NAME_LENGTH), z.string().trim().max(MAX_NAME_LENGTH))
    .refine((r) => Object.keys(r).length <= MAX_MAPPED_TYPES, `at most ${MAX_MAPPED_TYPES} product types`)
    .refine((r) => Object.values(r).every((v) => !/[\t\r\n]/.test(v)), "no tabs or line breaks"),
  taxCode: Name,
  bankAccount: Name,
  creditsAccount: Name,
  payablesAccount: Name,
  dateFormat: z.enum(DATE_FORMATS, { error: `one of ${DATE_FORMATS.join(", ")}` }),
});

/** The catalogue's product types, for the mapping's rows: every product the key reads, walked (500 a page). */
async function productTypes(request: Request, deps: AccountingDeps): Promise<string[]> {
  const read = reader(requestApi(request, deps));
  const products = await read.all("listProducts", { Statuses: [0, 1, 2, 3, 4, 5] });
  return [...new Set(products.flatMap((p) => (p.ProductTypeName?.trim() ? [p.ProductTypeName.trim()] : [])))].sort();
}

// GET /api/accounting/mapping: the workspace's mapping (the defaults until set), when it was set, whether the asker
// may change it, and the catalogue's product types (each may have its account).
export const getAccountingMapping = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: AccountingDeps): Promise<Response> => {
    if (actor.key.keyType === "Supplier") return failureAnswer("no-books");
    const [{ mapping, updatedAt }, types] = await Promise.all([
      deps.accounting.store.mapping(actor.workspace.id),
      productTypes(request, deps).catch((error: unknown) => {
        if (error instanceof DataApiError) return undefined;
        throw error;
      }),
    ]);
    return json({
      mapping,
      updatedAt,
      mayChange: may(actor.membership.role, MANAGE_BOOKS),
      productTypes: types ?? null,
    });
  },
);

// PUT /api/accounting/mapping {vendorName, defaultAccount, accounts, taxCode, bankAccount, creditsAccount,
// payablesAccount, dateFormat}: owners, admins and the Accounts role set the workspace's mapping (the same twice is
// one). In the audit trail.
export const putAccountingMapping = withActor(
  "key",
  MANAGE_BOOKS,
  async (request: Request, actor, deps: AccountingDeps): Promise<Response> => {
    if (actor.key.keyType === "Supplier") return failureAnswer("no-books");
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 64 * 1024));
    } catch {
      return invalidFieldAnswer("body", "Send the mapping as JSON (at most 64 kB).");
    }
    const parsed = MappingBody.safeParse(body);
    if (!parsed.success)
      return json(
        validationErrorBody(
          parsed.error,
          "Send {vendorName, defaultAccount, accounts: {productType: account}, taxCode, bankAccount, creditsAccount, payablesAccount, dateFormat}.",
        ),
        400,
      );
    const mapping: AccountingMapping = {
      ...parsed.data,
      // An account left empty is the default's: not kept.
      accounts: Object.fromEntries(Object.entries(parsed.data.accounts).filter(([, v]) => v !== "")),
    };
    const updatedAt = await deps.accounting.store.setMapping(actor.workspace.id, mapping, actor.person.id);
    await deps.audit.record({
      event: "accounting-mapping-changed",
      operation: "PUT /api/accounting/mapping",
      actor: actorOf(request, actor, actor.key),
      reference: { vendorName: mapping.vendorName, dateFormat: mapping.dateFormat },
      result: "done",
    });
    return json({ mapping, updatedAt, mayChange: true });
  },
);

// GET /api/accounting/exports: the workspace's latest marked exports in the key's environment, newest first.
export const getAccountingExports = withActor(
  "key",
  undefined,
  async (_request: Request, actor, deps: AccountingDeps): Promise<Response> => {
    if (actor.key.keyType === "Supplier") return failureAnswer("no-books");
    return json({ exports: await deps.accounting.store.history(actor.workspace.id, actor.key.environment) });
  },
);
