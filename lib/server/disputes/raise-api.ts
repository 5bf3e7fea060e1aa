import "server-only";
import { createHash } from "node:crypto";
import * as z from "zod";
import { claimLines, DISPUTE_REASONS, MAX_DISPUTE_LINES, MAX_NOTE } from "@/lib/domain/disputes/dispute";
import { recordOwner } from "../core/auth/demo-visitor";
import { defineRoute } from "../core/define-route";
import { requestApi } from "../core/page-api";
import { readStore, sharedPlace } from "../core/parties";
import { DisputeViewAnswer } from "./answers";
import { type DisputeDeps, storeOf, WRITE } from "./dispute-deps";
import { openedWords } from "./dispute-view";
import { tellOpened } from "./dispute-tell";
import { answerDispute } from "./disputes-api";
import { keyReused, notAccepted } from "./errors";
import { readInvoice, readInvoicedLines } from "./invoice-reads";

/**
 * Raising a dispute: the invoice and its lines are read with the store's own key now (so a store disputes only its own
 * invoices, and the prices and units are the API's, never the client's), each line checked and priced by `claimLines`
 * (`lib/domain/disputes/dispute.ts`) against the units of the invoice's other open disputes, and kept in one
 * transaction under the Idempotency-Key.
 */

const Line = z.strictObject({
  invoiceLineId: z.number().int().positive(),
  reason: z.enum(DISPUTE_REASONS),
  units: z.number().int().min(1).max(1_000_000).optional(),
  expectedPrice: z.string().trim().min(1).max(20).optional(),
  note: z.string().trim().max(MAX_NOTE).optional(),
});

const Raise = z.strictObject({
  invoiceNum: z.string().trim().min(1).max(60),
  invoiceId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("The invoice's id, when the page knows it: one request instead of a search by number."),
  lines: z.array(Line).min(1).max(MAX_DISPUTE_LINES),
  note: z.string().trim().max(MAX_NOTE).optional(),
});

const digestOf = (body: z.output<typeof Raise>) =>
  createHash("sha256").update(JSON.stringify(body)).digest("base64url");

export const raiseDispute = defineRoute(
  {
    method: "POST",
    path: "/api/disputes",
    summary: "Raises a dispute: the store marks lines of an invoice short, damaged, not compliant or wrong-priced.",
    description: [
      "Reads the invoice (by `invoiceId`, one request; else by number among the key's invoices of the last 120 days)",
      "and its lines with the store's key, and prices each line: units × the invoiced unit price; a wrong price,",
      "(invoiced − expected) × units. Answers the dispute, its `ETag` the version. The same `Idempotency-Key` again:",
      "200 with the same dispute (two at once make one); with another body 409 `IDEMPOTENCY_KEY_REUSED`.",
      "",
      "A problem with any line refuses the whole, nothing written: 422 `VALIDATION_FAILED` with `fieldErrors` on each",
      "(`lines[2].units`, `lines[0].expectedPrice`, `lines[1].invoiceLineId`, `invoiceNum`): a line not on the invoice,",
      "more units than invoiced less those in the invoice's other open disputes, an expected price not below the",
      "invoiced one or not in whole cents, a credit memo, an invoice not the store's. 400 for a malformed body.",
    ].join("\n"),
    answer: DisputeViewAnswer,
    status: 201,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Customer"],
    what: "Disputes",
    permission: WRITE,
    body: Raise,
    maxBodyBytes: 128 * 1024,
    invalid:
      "Send {invoiceNum, lines: [{invoiceLineId, reason: short, damaged, not-compliant or wrong-price, units?, expectedPrice?, note?}]}.",
  },
  async ({ request, actor, body, idempotencyKey }, deps: DisputeDeps) => {
    const api = requestApi(request, deps);
    const today = new Date(deps.now?.() ?? Date.now()).toISOString().slice(0, 10);
    const invoice = await readInvoice(api, body, today, request.signal);
    const field = body.invoiceId !== undefined ? "invoiceId" : "invoiceNum";
    if (!invoice || typeof invoice.InvoiceID !== "number" || typeof invoice.CustomerID !== "number")
      throw notAccepted([
        {
          field,
          message: `No invoice ${body.invoiceNum} of your store${body.invoiceId === undefined ? " in the last 120 days" : ""}.`,
        },
      ]);
    if (invoice.InvoiceNum?.trim() !== body.invoiceNum)
      throw notAccepted([
        {
          field: "invoiceNum",
          message: `Invoice ${invoice.InvoiceID} is ${invoice.InvoiceNum}, not ${body.invoiceNum}.`,
        },
      ]);
    if (invoice.Status === 4)
      throw notAccepted([{ field, message: `${body.invoiceNum} is a credit memo or return: nothing to dispute.` }]);
    const [invoiced, record] = await Promise.all([
      readInvoicedLines(api, invoice.InvoiceID, request.signal),
      readStore(api, invoice.CustomerID, request.signal),
    ]);
    const store = storeOf(deps);
    const raised = await store.raise({
      owner: recordOwner(actor),
      place: sharedPlace(actor),
      customerId: invoice.CustomerID,
      customerName: record?.name ?? invoice.CustomerName ?? `Customer ${invoice.CustomerID}`,
      salesRepUserId: record?.salesRepUserId ?? null,
      invoiceId: invoice.InvoiceID,
      invoiceNum: body.invoiceNum,
      invoiceDate: (invoice.Date ?? "").slice(0, 10),
      openedBy: { id: actor.person.id, name: actor.person.name },
      idempotencyKey,
      digest: digestOf(body),
      check: (disputed) => claimLines(invoiced, body.lines, disputed),
      words: (lines) => openedWords(lines, body.note),
    });
    if (raised.outcome === "problems") throw notAccepted(raised.problems);
    if (raised.outcome === "conflict") throw keyReused();
    const row = (await store.get(sharedPlace(actor), raised.id))!;
    if (raised.outcome === "created") await tellOpened(deps, row, actor.person.id).catch(() => undefined);
    return answerDispute(actor, deps, { row, side: "store" }, raised.outcome === "created" ? 201 : 200);
  },
);
