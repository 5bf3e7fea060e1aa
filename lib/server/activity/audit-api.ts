import "server-only";
import * as z from "zod";
import {
  AUDIT_EVENT_NAMES,
  AUDIT_EVENTS,
  type AuditEntry,
  type AuditEvent,
  type AuditPage,
} from "@/lib/audit/audit-types";
import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { may } from "@/lib/session/roles";
import type { AuditTrail } from "../core/audit/audit-trail";
import { defineRoute, type RouteDeps } from "../core/define-route";
import { sessionHashOf } from "../core/audit/write-audit";
import { AuditPageAnswer } from "./answers";
import { NO_STORE } from "../core/route-errors";
import { csvMoney } from "@/lib/format/csv-values";

/** What `GET /api/activity` needs from the backend. */
export interface AuditDeps extends RouteDeps {
  audit: AuditTrail;
}

/** Rows of one CSV download at most (the newest that match). */
export const CSV_MAX_ROWS = 10_000;

const day = z.iso.date({ error: "must be a date, YYYY-MM-DD" });
const AuditQuery = z
  .strictObject(
    {
      event: z
        .string()
        .optional()
        .transform((text, ctx) => {
          const events = (text ?? "")
            .split(",")
            .map((e) => e.trim())
            .filter(Boolean);
          const unknown = events.filter((e) => !(AUDIT_EVENTS as readonly string[]).includes(e));
          if (unknown.length)
            ctx.addIssue({
              code: "custom",
              message: `event must be among ${AUDIT_EVENTS.join(", ")} (not ${unknown.join(", ")})`,
            });
          return events as AuditEvent[];
        }),
      from: day.optional(),
      to: day.optional(),
      /** One person's entries (their user id). */
      person: z.string().min(1).max(100).optional(),
      page: z.coerce
        .number({ error: "page must be a whole number from 1" })
        .int("page must be a whole number from 1")
        .min(1, "page must be a whole number from 1")
        .max(100_000)
        .default(1),
      pageSize: z.coerce
        .number({ error: "pageSize must be a whole number from 1 to 500" })
        .int("pageSize must be a whole number from 1 to 500")
        .min(1, "pageSize must be a whole number from 1 to 500")
        .max(500, "pageSize must be a whole number from 1 to 500")
        .default(50),
      format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}` : undefined,
    },
  )
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to" });

/** The CSV's columns: the entry's facts, then its business reference field by field. */
const COLUMNS: ExportColumn[] = (
  [
    ["at", "When (UTC)", (e) => e.at],
    ["event", "Event", (e) => AUDIT_EVENT_NAMES[e.event] ?? e.event],
    ["result", "Result", (e) => e.result],
    ["upstreamStatus", "API status", (e) => e.upstreamStatus ?? ""],
    ["outcome", "Outcome", (e) => e.outcome ?? ""],
    ["outcomeAt", "Outcome learned (UTC)", (e) => e.outcomeAt ?? ""],
    ["userEmail", "Who", (e) => e.userEmail ?? ""],
    ["keyLabel", "Key", (e) => e.keyLabel ?? ""],
    ["keyType", "Key type", (e) => e.keyType ?? ""],
    ["environment", "Environment", (e) => e.environment ?? ""],
    ["keyScope", "Scope", (e) => e.keyScope ?? ""],
    ["session", "Session", (e) => e.session ?? ""],
    ["clientAddress", "Client address", (e) => e.clientAddress],
    ["operation", "Operation", (e) => e.operation ?? ""],
    ["idempotencyKey", "Idempotency-Key", (e) => e.idempotencyKey ?? ""],
    ["requestId", "X-Request-Id", (e) => e.requestId ?? ""],
    ["arAccountId", "AR account", (e) => e.reference.arAccountId ?? ""],
    ["paymentInvoiceNum", "Payment", (e) => e.reference.paymentInvoiceNum ?? ""],
    ["targetInvoiceNum", "Target invoice", (e) => e.reference.targetInvoiceNum ?? ""],
    ["amount", "Amount", (e) => csvMoney(e.reference.amount)],
    ["paymentRequestId", "Payment request", (e) => e.reference.paymentRequestId ?? ""],
    ["purchaseGlobalId", "Purchase global id", (e) => e.reference.purchaseGlobalId ?? ""],
    ["poNum", "PO number", (e) => e.reference.poNum ?? ""],
    ["vendorId", "Vendor", (e) => e.reference.vendorId ?? ""],
    ["warehouseId", "Warehouse", (e) => e.reference.warehouseId ?? ""],
    ["lineCount", "Lines", (e) => e.reference.lineCount ?? ""],
    ["totalCases", "Total cases", (e) => e.reference.totalCases ?? ""],
    ["erpId", "ERP id", (e) => e.reference.erpId ?? ""],
    ["customerId", "Customer", (e) => e.reference.customerId ?? ""],
    ["noteId", "Visit note", (e) => e.reference.noteId ?? ""],
    ["subjectEmail", "Concerning", (e) => e.reference.subjectEmail ?? ""],
    ["role", "Role", (e) => e.reference.role ?? ""],
    ["method", "How", (e) => e.reference.method ?? ""],
    ["error", "Error", (e) => [e.reference.errorCode, e.reference.errorDetail].filter(Boolean).join(": ")],
  ] satisfies [string, string, (e: AuditEntry) => string | number][]
).map(([id, header, value]) => ({ id, header, value: (row) => String(value(row as unknown as AuditEntry)) }));

/**
 * @example
 * // GET /api/activity?event=payment-allocation&from=2026-11-01
 * // 200 {"entries":[{"id":"12","at":"2026-11-21T18:00:00.000Z","event":"payment-allocation","result":"done",...}],"page":1,"pageSize":50,"total":1,"hasNextPage":false}
 */
export const listAudit = defineRoute(
  {
    method: "GET",
    path: "/api/activity",
    summary: "The workspace's audit trail, newest first, paged and filtered, or as a CSV download.",
    description: `Every member's entries, and the workspace's keys' from before accounts, for the roles that may read the
trail (owner, admin, accounts); purchasing sees only their own entries, a viewer none (403 \`FORBIDDEN_BY_ROLE\`). A
visitor of the shared demo sees only what their own session did. \`docs/security.md\` says what is
recorded.

- \`person\` (a user id): that person's entries only;
- \`event\`: events, comma-separated (${AUDIT_EVENTS.map((e) => `\`${e}\``).join(", ")});
- \`from\`, \`to\`: UTC dates (\`YYYY-MM-DD\`), inclusive, \`from\` not after \`to\`;
- \`page\` (from 1) and \`pageSize\` (1 to 500, 50 by default);
- \`format=csv\`: every matching entry (the newest ${CSV_MAX_ROWS.toLocaleString("en-US")}) as a CSV download
  (\`text/csv\`, named by \`Content-Disposition\`) instead of the JSON page.

An unknown parameter or a bad value is refused, 400 \`VALIDATION_FAILED\` naming it.`,
    answer: AuditPageAnswer,
    need: "workspace",
    // Two grants open the trail: all of it, or one's own.
    permission: [{ audit: ["read"] }, { audit: ["read-own"] }],
    refusedByRole: "Your role in this workspace does not show the audit trail.",
    query: AuditQuery,
    // No `invalid`: the refusal says what is wrong ("from must not be after to"), which the page shows as it is.
  },
  async ({ actor, query: q }, deps: AuditDeps) => {
    const role = actor.membership.role;
    const all = may(role, { audit: ["read"] });
    // A role that sees only its own entries sees only its own, whoever is asked for.
    const userId = all ? q.person : actor.person.id;
    const bounds = {
      events: q.event,
      from: q.from && `${q.from}T00:00:00.000Z`,
      to: q.to && `${q.to}T23:59:59.999Z`,
      ...(userId ? { userId } : {}),
      // Every visitor of the shared demo is the same person: each reads what their own session did, and nothing of
      // another visitor's (their address, sign-ins, sessions).
      ...(actor.visitor ? { sessionHash: sessionHashOf(actor.session.id) } : {}),
    };
    const scope = { workspaceId: actor.workspace.id, fingerprints: actor.workspace.keys.map((k) => k.fingerprint) };

    if (q.format === "csv") {
      const { entries } = await deps.audit.list(scope, { ...bounds, limit: CSV_MAX_ROWS, offset: 0 });
      const text =
        csvHeader(COLUMNS, { bom: true }) + csvRows(COLUMNS, entries as unknown as Record<string, unknown>[]);
      return new Response(text, {
        headers: {
          ...NO_STORE,
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="backroom-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
        },
      });
    }
    const [{ entries, total }, people] = await Promise.all([
      deps.audit.list(scope, { ...bounds, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      all && !actor.visitor
        ? deps.audit.people(actor.workspace.id)
        : Promise.resolve([{ userId: actor.person.id, email: actor.person.email }]),
    ]);
    const body: AuditPage = {
      entries,
      page: q.page,
      pageSize: q.pageSize,
      total,
      hasNextPage: q.page * q.pageSize < total,
      people,
    };
    return body;
  },
);
