import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import { createHash } from "node:crypto";
import * as z from "zod";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { ExportsJson, MappingJson, MappingSavedJson, PreviewJson } from "@/lib/domain/accounting/accounting-view";
import { ALL_INVOICE_STATUSES } from "@/lib/domain/accounting/bills";
import { EXPORT_FORMATS, FORMATS } from "@/lib/domain/accounting/formats";
import { PROGRAMS } from "@/lib/domain/accounting/format-names";
import {
  type AccountingMapping,
  DATE_FORMATS,
  MAX_MAPPED_TYPES,
  MAX_NAME_LENGTH,
  type MappingGap,
  nameProblem,
  xeroCodeProblem,
  xeroTaxTypeProblem,
} from "@/lib/domain/accounting/mapping";
import { centsText } from "@/lib/domain/accounting/money";
import { addDays } from "@/lib/format/days";
import { may } from "@/lib/session/roles";
import type { ActorResolver } from "../core/auth/actor";
import type { AuditTrail } from "../core/audit/audit-trail";
import { actorOf } from "../core/audit/write-audit";
import { type ActorOf, defineRoute } from "../core/define-route";
import { invalidField, refusal } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { NO_STORE } from "../core/route-errors";
import {
  type ExportFile,
  exportFile,
  type ExportPlan,
  exportPreview,
  type ExportQuery,
  planExport,
  planMarkedAgain,
} from "./accounting-export";
import { reader } from "./accounting-reads";
import { ExportsAnswer, MappingAnswer, MappingSavedAnswer, PreviewAnswer } from "./answers";
import type { MarkedExport } from "./accounting-store";
import { customerNotInScope, idempotencyKeyReused } from "./errors";
import type { AccountingServices } from "./feature";

/**
 * The retailer's books: an export's file (and its mark in the ledger), its preview, the mapping to the books and the
 * ledger's latest. The reads go through the proxy with the person's session: the key's scope applies.
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
/** "Only what is new": on unless asked off (`new=0`): a record already in the program's books is never repeated unasked. */
const NewOnly = z
  .enum(["0", "1", "true", "false"], { error: "1 or 0" })
  .optional()
  .transform((v) => v === undefined || v === "1" || v === "true");

/** The export's parameters, as the file's GET, the POST that marks it and the preview take them in the address. */
const FIELDS = {
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
  new: NewOnly,
  part: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, "a part number from 1")
    .transform(Number)
    .optional(),
};

/** The parameters held to a period of a year at most, `to` not before `from`. */
function inPeriod<T extends z.ZodType<{ from: string; to: string }>>(schema: T): T {
  return schema
    .refine((q) => q.from <= q.to, { path: ["to"], message: "on or after from" })
    .refine((q) => daysBetween(q.from, q.to) < MAX_PERIOD_DAYS, {
      path: ["to"],
      message: `at most ${MAX_PERIOD_DAYS} days after from`,
    });
}

/** The GET's and the preview's: `mark` is read only for the file's GET to refuse it (a GET marks nothing). */
const Query = inPeriod(z.strictObject({ ...FIELDS, mark: Flag }));

/** The POST's, which marks: the GET's without `mark`. */
const MarkQuery = inPeriod(z.strictObject(FIELDS));

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const ASK = `?format=${EXPORT_FORMATS.join("|")}&from=YYYY-MM-DD&to=YYYY-MM-DD, optionally &statuses=1,2,3,4,5,7&customer=&new=0&part=`;
const HINT = `Ask as ${ASK}.`;
const MARK_HINT = `POST ${ASK}, with an Idempotency-Key.`;

/** A GET with `mark=1`: what marked an export before marking took a POST. */
const MARK_BY_POST =
  "A GET marks nothing: POST the same address, with an Idempotency-Key, to download the export and remember it (owners, admins and the Accounts role).";

/**
 * The refusal of a file whose program needs what the mapping lacks: 409 `MAPPING_INCOMPLETE`, each gap named (and
 * listed in `gaps`), so that no file goes out with names its program would refuse.
 *
 * @example
 * throw mappingIncomplete("Xero — bills", gaps);
 */
export function mappingIncomplete(label: string, gaps: readonly MappingGap[]) {
  const named = gaps.map((g) => `${g.label} (${g.problem})`).join("; ");
  return refusal(
    "MAPPING_INCOMPLETE",
    `${label} needs the mapping's ${named}: set ${gaps.length === 1 ? "it" : "them"} in the mapping first.`,
    409,
    { more: { gaps } },
  );
}

/** The books are a retailer's: its own key's stores, or one store that the distributor's staff name. */
const BOOKS_KEYS = ["Customer", "Employee"] as const;

/** The query held to the key: an Employee key names its store, a Customer key only one of its own. */
function exportQuery(actor: ActorOf["key"], q: z.infer<typeof MarkQuery>): ExportQuery {
  if (actor.key.keyType === "Employee" && q.customer === undefined)
    throw invalidField("customer", "An Employee key exports one store's books: name it as customer= (its CustomerID).");
  const scope = actor.key.scope.customers;
  if (actor.key.keyType === "Customer" && q.customer !== undefined && scope && !scope.some((c) => c.id === q.customer))
    throw customerNotInScope();
  return {
    format: q.format,
    from: q.from,
    to: q.to,
    statuses: q.statuses ?? [...ALL_INVOICE_STATUSES],
    customerId: q.customer,
    newOnly: q.new,
  };
}

/**
 * The file as the answer: named by Content-Disposition, what it holds in the X-Backroom-* headers (`-Left-Out`: the
 * records of the period the program's books hold already, as they are, left out).
 */
function fileAnswer(plan: ExportPlan, file: ExportFile, parts: number, marked: boolean): Response {
  const leftOut = plan.query.newOnly ? plan.exportedBefore.count : 0;
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      ...NO_STORE,
      "content-type": FORMATS[plan.query.format].contentType,
      "content-disposition": `attachment; filename="${file.name}"`,
      "x-backroom-records": String(file.count),
      "x-backroom-total": centsText(file.totalCents),
      "x-backroom-parts": String(parts),
      "x-backroom-marked": marked ? "1" : "0",
      "x-backroom-left-out": String(leftOut),
    },
  });
}

/** The file asked for of a plan; refused where its program could not import it (the mapping lacks), or of no such part. */
function fileOf(plan: ExportPlan, mapping: AccountingMapping, part: number): ExportFile {
  if (plan.gaps.length > 0) throw mappingIncomplete(FORMATS[plan.query.format].label, plan.gaps);
  if (part > plan.parts)
    throw invalidField(
      "part",
      `This export is ${plan.parts} file${plan.parts === 1 ? "" : "s"}: ask for part 1 to ${plan.parts}.`,
    );
  return exportFile(plan, mapping, part);
}

/** What the export's address asks, as the file's GET, its POST and the preview read it (Markdown). */
const EXPORT_PARAMETERS = `- \`format\`: the file (${EXPORT_FORMATS.map((f) => `\`${f}\``).join(", ")}); \`from\`, \`to\`: the period,
  calendar days (\`to\` not before \`from\`, at most ${MAX_PERIOD_DAYS} days after it);
- \`statuses\`: the invoices' status ids, comma-separated (${ALL_INVOICE_STATUSES.join(", ")} by default);
- \`customer\`: one store (its CustomerID): a Customer key's stores by default, and only one of its own (403
  \`CUSTOMER_NOT_IN_SCOPE\`); an Employee key must name one (400 on \`customer\`);
- \`new\`: what a marked export to the same program (each program keeps its own marks) held as it is is left out,
  unless \`new=0\` asks for it again;`;

/** 409 `MAPPING_INCOMPLETE`, in the description's words. */
const MAPPING_INCOMPLETE_WORDS =
  "409 `MAPPING_INCOMPLETE` (with `gaps`: each field, its label and its problem) for a Xero file while the mapping " +
  "lacks Xero's codes or tax rate, or for a file whose program could not carry a name the mapping holds.";

/** The file as the GET and the POST answer it. */
const EXPORT_FILE = {
  mediaType: "text/csv",
  description:
    "The file: a CSV, or QuickBooks Desktop's IIF (`text/plain; charset=windows-1252`), named by " +
    "`Content-Disposition`; `X-Backroom-Records`, " +
    "`X-Backroom-Total` (its total), `X-Backroom-Parts`, `X-Backroom-Marked` and `X-Backroom-Left-Out` say what it holds.",
};

export const getAccountingExport = defineRoute(
  {
    method: "GET",
    path: "/api/accounting/export",
    summary:
      "Downloads the retailer's bills, vendor credits or bill payments of a period as a file QuickBooks Online, Xero or QuickBooks Desktop imports.",
    description: `Payments are each as the bank saw it. The file is named by \`Content-Disposition\`; its headers say what it
holds: \`X-Backroom-Records\`, \`X-Backroom-Total\` (the file's total), \`X-Backroom-Parts\` (Xero's bills: 500 a file;
its bank statement: 1,000 lines), \`X-Backroom-Marked\` (0 here) and \`X-Backroom-Left-Out\` (how many of the period's
records the program's books hold already were left out).

${EXPORT_PARAMETERS}
- \`part\`: which file of several, from 1 (400 on \`part\` past the last).

A GET marks nothing: \`mark=1\` is refused (400 on the field \`mark\`); \`POST\` the same address to download the export
and remember it. ${MAPPING_INCOMPLETE_WORDS}`,
    answer: EXPORT_FILE,
    need: "key",
    keyTypes: BOOKS_KEYS,
    what: "The export",
    query: Query,
    invalid: HINT,
  },
  async ({ request, actor, query: q }, deps: AccountingDeps) => {
    if (q.mark) throw invalidField("mark", MARK_BY_POST);
    const query = exportQuery(actor, q);
    const scope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const { mapping } = await deps.accounting.store.mapping(recordOwner(actor));
    const plan = await planExport(reader(requestApi(request, deps)), deps.accounting.store, scope, mapping, query);
    return fileAnswer(plan, fileOf(plan, mapping, q.part ?? 1), plan.parts, false);
  },
);

export const markAccountingExport = defineRoute(
  {
    method: "POST",
    path: "/api/accounting/export",
    summary:
      "Downloads an export's file, as the GET answers it, and remembers it (marks it) in the workspace's ledger of the format's program.",
    description: `The address asks as the GET's does (without \`mark\`); the program's next export leaves out what this one
held. In the audit trail. The same \`Idempotency-Key\` again (a retry, the first answer lost) answers the file of the
export it marked, and marks nothing more; asking for another export with it is 409 \`IDEMPOTENCY_KEY_REUSED\`.

${EXPORT_PARAMETERS}
- \`part\`: which file of several, from 1 (400 on \`part\` past the last).

${MAPPING_INCOMPLETE_WORDS}`,
    answer: EXPORT_FILE,
    idempotencyKey: "required",
    need: "key",
    permission: MANAGE_BOOKS,
    keyTypes: BOOKS_KEYS,
    what: "The export",
    query: MarkQuery,
    invalid: MARK_HINT,
  },
  async ({ request, actor, query: q, idempotencyKey }, deps: AccountingDeps) => {
    const query = exportQuery(actor, q);
    const part = q.part ?? 1;
    const { store } = deps.accounting;
    const scope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const requestHash = createHash("sha256")
      .update(JSON.stringify([scope.environment, actor.person.id, query, part]))
      .digest("base64url");
    const read = reader(requestApi(request, deps));
    const { mapping } = await store.mapping(recordOwner(actor));
    const recorded = (file: ExportFile) =>
      deps.audit.record({
        event: "accounting-export",
        operation: "POST /api/accounting/export",
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
        // One entry per key: a retry's is the first one's (and writes it if the first answer was lost before it).
        idempotencyKey,
        result: "done",
      });
    /** A retry of a request that marked an export: its file again, nothing marked. */
    const again = async (earlier: MarkedExport) => {
      if (earlier.requestHash !== requestHash) throw idempotencyKeyReused();
      const { plan, parts } = await planMarkedAgain(read, store, scope, mapping, query, earlier.id);
      const file = { ...fileOf(plan, mapping, 1), name: earlier.fileName };
      await recorded(file);
      return fileAnswer(plan, file, parts, true);
    };

    const earlier = await store.markedWith(recordOwner(actor), idempotencyKey);
    if (earlier) return again(earlier);
    const plan = await planExport(read, store, scope, mapping, query);
    const file = fileOf(plan, mapping, part);
    const marked = await store.mark({
      ...scope,
      kind: plan.kind,
      format: query.format,
      from: query.from,
      to: query.to,
      fileName: file.name,
      totalCents: file.totalCents,
      madeBy: actor.person.id,
      records: file.records,
      idempotencyKey,
      requestHash,
    });
    // The same request at the same moment (a double press) marked it first: its file, as a retry gets it.
    if (marked.outcome === "key-taken") return again(marked.earlier);
    await recorded(file);
    return fileAnswer(plan, file, plan.parts, true);
  },
);

export const getAccountingPreview = defineRoute(
  {
    method: "GET",
    path: "/api/accounting/preview",
    summary: "What an export would hold, with its first rows as the file writes them.",
    description: `It asks as the export does: its counts (new, changed since exported, exported to the program before as
they are: \`exportedBefore\`, how many, when, in which files), what is held back and why (an invoice being updated, a
QuickBooks Online number past 21 characters, a payment's allocation waiting for such a bill, a brand's credit that is
no bank line), its files and total, a payments file's \`sums\` (bank, brands' credits, allocated, prepaid, returned; how
many payments and later applications), and its first rows; \`gaps\`: what the mapping lacks for the file (then no files
and no rows).

${EXPORT_PARAMETERS.replace(/;$/, ".")}`,
    answer: PreviewAnswer,
    need: "key",
    keyTypes: BOOKS_KEYS,
    what: "The export's preview",
    query: Query,
    invalid: HINT,
  },
  async ({ request, actor, query: q }, deps: AccountingDeps): Promise<PreviewJson> => {
    const query = exportQuery(actor, q);
    const scope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const { mapping } = await deps.accounting.store.mapping(recordOwner(actor));
    const plan = await planExport(reader(requestApi(request, deps)), deps.accounting.store, scope, mapping, query);
    const blocked = plan.gaps.length > 0;
    const files = Array.from({ length: blocked ? 0 : plan.parts }, (_, i) => {
      const file = exportFile(plan, mapping, i + 1);
      return { part: i + 1, name: file.name, records: file.count, total: centsText(file.totalCents) };
    });
    return {
      format: query.format,
      label: FORMATS[query.format].label,
      kind: plan.kind,
      from: query.from,
      to: query.to,
      newOnly: query.newOnly,
      program: PROGRAMS[plan.program],
      counts: plan.counts,
      exportedBefore: plan.exportedBefore,
      held: plan.held,
      changed: plan.changed,
      sums: plan.sums && {
        bank: centsText(plan.sums.bankCents),
        credits: centsText(plan.sums.creditsCents),
        allocated: centsText(plan.sums.allocatedCents),
        prepaid: centsText(plan.sums.prepaidCents),
        returned: centsText(plan.sums.returnedCents),
        payments: plan.payments.filter((p) => p.kind === "payment").length,
        applied: plan.payments.reduce((n, p) => n + (p.kind === "applied" ? p.lines.length : 0), 0),
      },
      parts: plan.parts,
      files,
      total: centsText(plan.totalCents),
      preview: blocked ? { header: exportPreview(plan, mapping).header, rows: [] } : exportPreview(plan, mapping),
      requests: plan.requests,
      gaps: plan.gaps,
    };
  },
);

/** A name as every program's file carries it (`nameProblem`): the field and the character or limit named. */
function carried(vendor: boolean) {
  return (text: string, ctx: z.core.$RefinementCtx<string>) => {
    const problem = nameProblem(text, { vendor });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

const Name = z.string().trim().min(1, "required").superRefine(carried(false));

const VendorName = z.string().trim().min(1, "required").superRefine(carried(true));

/** A product type's account per type: at most `MAX_MAPPED_TYPES`, a blank one left out (the default's). */
function accountsBy(value: z.ZodType<string>) {
  return z
    .record(z.string().trim().min(1).max(MAX_NAME_LENGTH), value)
    .refine((r) => Object.keys(r).length <= MAX_MAPPED_TYPES, `at most ${MAX_MAPPED_TYPES} product types`)
    .transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== "")));
}

const AccountName = z.string().trim().superRefine(carried(false));

/** A Xero account code, or blank (not set yet: the Xero files wait for it). */
const XeroCode = z
  .string()
  .trim()
  .superRefine((code, ctx) => {
    const problem = xeroCodeProblem(code, false);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const XeroTaxType = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = xeroTaxTypeProblem(name, false);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const MappingBody = z.strictObject({
  vendorName: VendorName,
  defaultAccount: Name,
  accounts: accountsBy(AccountName),
  bankAccount: Name,
  creditsAccount: Name,
  payablesAccount: Name,
  prepaymentsAccount: Name,
  xeroDefaultAccount: XeroCode,
  xeroAccounts: accountsBy(XeroCode),
  xeroTaxType: XeroTaxType,
  dateFormat: z.enum(DATE_FORMATS, { error: `one of ${DATE_FORMATS.join(", ")}` }),
}) satisfies z.ZodType<AccountingMapping>;

/**
 * The catalogue's product types, for the mapping's rows: every product the key reads, walked (500 a page); null when
 * the catalogue could not be read (the mapping is shown without them).
 */
async function productTypes(request: Request, deps: AccountingDeps): Promise<string[] | null> {
  const read = reader(requestApi(request, deps));
  try {
    const products = await read.all("listProducts", { Statuses: [0, 1, 2, 3, 4, 5] });
    return [...new Set(products.flatMap((p) => (p.ProductTypeName?.trim() ? [p.ProductTypeName.trim()] : [])))].sort();
  } catch (error) {
    if (error instanceof DataApiError) return null;
    throw error;
  }
}

export const getAccountingMapping = defineRoute(
  {
    method: "GET",
    path: "/api/accounting/mapping",
    summary: "The workspace's mapping to its books, and the catalogue's product types.",
    description: `The mapping (the defaults until set): the vendor; QuickBooks' account names (default, per product type,
bank, brand credits, payables, vendor prepayments); Xero's account codes (default, per product type) and its tax rate;
Xero's date format. With when it was set, whether the asker may change it, and the catalogue's product types (each
may have its account).`,
    answer: MappingAnswer,
    need: "key",
    keyTypes: BOOKS_KEYS,
    what: "The books' mapping",
  },
  async ({ request, actor }, deps: AccountingDeps): Promise<MappingJson> => {
    const [{ mapping, updatedAt }, types] = await Promise.all([
      deps.accounting.store.mapping(recordOwner(actor)),
      productTypes(request, deps),
    ]);
    return { mapping, updatedAt, mayChange: may(actor.membership.role, MANAGE_BOOKS), productTypes: types };
  },
);

export const putAccountingMapping = defineRoute(
  {
    method: "PUT",
    path: "/api/accounting/mapping",
    summary: "Sets the workspace's mapping to its books.",
    description: `The same twice is one. Xero's fields may be blank (its files wait for them), and are checked as Xero's
codes and rates when given. A name a program's file could not carry as it is (a double quote, a tab or a line break:
QuickBooks Desktop's IIF; a vendor past 41 characters, an account past 100) is refused on its field, and why named. In
the audit trail.`,
    answer: MappingSavedAnswer,
    need: "key",
    permission: MANAGE_BOOKS,
    keyTypes: BOOKS_KEYS,
    what: "The books' mapping",
    body: MappingBody,
    maxBodyBytes: 64 * 1024,
    invalid:
      "Send {vendorName, defaultAccount, accounts: {productType: account}, bankAccount, creditsAccount, payablesAccount, prepaymentsAccount, xeroDefaultAccount, xeroAccounts: {productType: code}, xeroTaxType, dateFormat}.",
  },
  async ({ request, actor, body: mapping }, deps: AccountingDeps): Promise<MappingSavedJson> => {
    const updatedAt = await deps.accounting.store.setMapping(recordOwner(actor), mapping, actor.person.id);
    await deps.audit.record({
      event: "accounting-mapping-changed",
      operation: "PUT /api/accounting/mapping",
      actor: actorOf(request, actor, actor.key),
      reference: { vendorName: mapping.vendorName, dateFormat: mapping.dateFormat },
      result: "done",
    });
    return { mapping, updatedAt, mayChange: true };
  },
);

export const getAccountingExports = defineRoute(
  {
    method: "GET",
    path: "/api/accounting/exports",
    summary: "The workspace's latest marked exports in the key's environment, newest first.",
    answer: ExportsAnswer,
    need: "key",
    keyTypes: BOOKS_KEYS,
    what: "The books' exports",
  },
  async ({ actor }, deps: AccountingDeps): Promise<ExportsJson> => ({
    exports: await deps.accounting.store.history(recordOwner(actor), actor.key.environment),
  }),
);
