import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import * as z from "zod";
import { DEFAULT_COVER_DAYS } from "@/lib/domain/order-guide/guide";
import { readGuide } from "@/lib/domain/order-guide/guide-data";
import { listLines, mayMailAgain, type OrderList, type OrderListJson } from "@/lib/domain/order-guide/order-list";
import { addDays, localDay } from "@/lib/format/days";
import { actorOf } from "../core/audit/write-audit";
import { type ActorOf, defineRoute } from "../core/define-route";
import { invalidField } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import { publicOrigin } from "../core/public-origin";
import { NO_STORE } from "../core/route-errors";
import { ContactAnswer, OrderListAnswerJson, OrderListsAnswer } from "./answers";
import { customerNotFound, noRepEmail, noSuchList } from "./errors";
import { guideStore } from "./guide-api";
import { listMail } from "./list-mail";
import { told } from "./shared-tell";
import { MAX_ID_LENGTH, type OrderListDeps, SEND, storeOf } from "./list-deps";
import { plural } from "@/lib/format/plural";
import { loadOrderLists } from "./load-order-lists";
import type { ListScope, OrderListStore } from "./order-lists-store";

export { MAX_ID_LENGTH, type OrderListDeps, SEND, storeOf };

/**
 * Reorder lists to the store's rep: sent, sent again, read, and the workspace's contact address. A list is a request
 * mailed to the rep, never an order placed in the ERP: nothing is written upstream.
 */

const NewList = z.strictObject({
  customer: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("The store's CustomerID: required when the key covers several stores."),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe("The sender's today (YYYY-MM-DD, within a day of UTC's; UTC's by default): a list is priced as of now."),
  lines: z
    .array(z.strictObject({ productId: z.number().int().positive(), cases: z.number().int().min(0).max(9999) }))
    .max(500)
    .describe("Products of the store's guide and whole cases; lines of 0 cases are dropped."),
});

const Contact = z.strictObject({
  email: z.email({ error: "email: an email address" }).max(320).nullable().describe("An address, or null for none."),
});

/** Other parameters are ignored, as they always were. */
const ListsQuery = z.object({ list: z.string().optional().describe("A list's id: that list alone, as `{list}`.") });

/** The same Idempotency-Key again: the list it made, answered 200 (a list made is 201). */
const again = (body: OrderListJson) => Response.json(body, { status: 200, headers: NO_STORE });

/**
 * The day prices are read for: the person's today as the page sends it (their time zone's), which is within a day of
 * UTC's; UTC's today when none is sent. Never another day: the list is priced as of now.
 */
function priceDay(asked: string | undefined, now: number): string | undefined {
  const utc = localDay(new Date(now), "UTC");
  if (asked === undefined) return utc;
  return asked >= addDays(utc, -1) && asked <= addDays(utc, 1) ? asked : undefined;
}

export const sendOrderList = defineRoute(
  {
    method: "POST",
    path: "/api/order-guide/lists",
    summary: "Sends a reorder list: keeps a store's lines and mails them to its rep, a copy to the sender.",
    description: [
      "Re-reads the store's guide (names and prices as the Data API has them now, never the request's), keeps the list",
      "and mails it to the store's `SalesRepEmail`, else the workspace's contact (`PUT /api/order-guide/contact`), cc",
      "the sender, its lines attached as a CSV; with no mail server the list is kept as `mail-off`. Each send is an",
      "`order-list-sent` entry in the audit trail.",
      "",
      "201 with the list. The same key again: 200 with the same list and no mail (mailed then only when its first",
      "request stopped before its mail was known to go).",
      "",
      "Refusals: 400 `VALIDATION_FAILED` on `lines` for an empty list, a product not in the guide or one without a case",
      "price, on `day` for another day, on `customer` as the order guide refuses it; 409 `NO_REP_EMAIL` with neither",
      "address (nothing kept or sent); 403 `CUSTOMER_NOT_IN_SCOPE` and 404 `CUSTOMER_NOT_FOUND` as the order guide.",
    ].join("\n"),
    answer: OrderListAnswerJson,
    status: 201,
    idempotencyKey: "required",
    need: "key",
    permission: SEND,
    // A reorder list is a retailer's: a Supplier key does not see a store's order guide.
    keyTypes: ["Customer", "Employee"],
    what: "The store's order guide",
    body: NewList,
    // 500 lines of a few dozen bytes each.
    maxBodyBytes: 64 * 1024,
    invalid: "Send the store and its lines: whole cases, 0 to 9999.",
  },
  async ({ request, actor, body, idempotencyKey }, deps: OrderListDeps) => {
    const scope: ListScope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const store = storeOf(deps);
    const first = await store.byKey(scope, idempotencyKey);
    // The same key again: the list it made, mailed now when that request stopped before its mail was known to go.
    if (first) {
      if (!mayMailAgain(first)) return again({ list: first });
      // Another request claimed it a moment ago: the list as it is now ("sending", or already sent).
      if (!(await store.claimToMail(scope, first.id)))
        return again({ list: (await store.get(scope, first.id)) ?? first });
      return again({ list: await mailKept(request, actor, deps, store, first, idempotencyKey) });
    }

    const customerId = guideStore(actor.key, body.customer);
    const day = priceDay(body.day, deps.now?.() ?? Date.now());
    if (!day) throw invalidField("day", "day: today in your time zone (YYYY-MM-DD): a list is priced as of now.");
    // The Data API's refusal is answered as "The store's order guide could not be read: ..." (the route's `what`).
    const guide = await readGuide(requestApi(request, deps), customerId, day, DEFAULT_COVER_DAYS, {
      signal: request.signal,
    });
    if (!guide.found) throw customerNotFound(customerId);
    const made = listLines(guide.rows, body.lines);
    if (!made.ok) throw invalidField("lines", made.detail);
    const recipient = guide.salesRepEmail ?? (await store.contact(actor.workspace.id));
    if (!recipient) throw noRepEmail();

    const customerName = guide.customerName ?? `Store ${customerId}`;
    const sender = { id: actor.person.id, name: actor.person.name, email: actor.person.email };
    const kept = await store.keep(scope, {
      customerId,
      customerName,
      recipient,
      lines: made.lines,
      totalCases: made.totalCases,
      total: made.total,
      priceDay: guide.day,
      sender,
      idempotencyKey,
      sentWith: actor.key.keyType === "Customer" ? "Customer" : "Employee",
      ...(actor.visitor ? { visitor: actor.visitor } : {}),
    });
    // Two requests with one key at once: the second answers the first's list, and mails nothing.
    if (!kept.created) return again({ list: kept.list });
    await told(
      request,
      actor,
      deps,
      kept.list,
      "sent",
      `Sent: ${plural(kept.list.lineCount, "line")}, ${plural(kept.list.totalCases, "case")}`,
    );

    return { list: await mailKept(request, actor, deps, store, kept.list, idempotencyKey) } satisfies OrderListJson;
  },
);

/**
 * Mails a kept list (just kept, or claimed again) to its recipient with a copy to its sender, then sets its status
 * and records the audit event: sent, mail off (no SMTP server), or refused by the mail server.
 */
async function mailKept(
  request: Request,
  actor: ActorOf["key"],
  deps: OrderListDeps,
  store: OrderListStore,
  list: OrderList,
  idempotencyKey: string | undefined,
): Promise<OrderList> {
  let status: "sent" | "mail-off" | "mail-failed" = "mail-off";
  if (deps.mailer.delivers) {
    try {
      await deps.mailer.send(listMail(list, `${publicOrigin(request)}/order-guide/lists/${list.id}`));
      status = "sent";
    } catch {
      status = "mail-failed";
    }
  }
  await store.setStatus(list.id, status);
  await deps.audit.record({
    event: "order-list-sent",
    operation: `POST ${new URL(request.url).pathname}`,
    actor: actorOf(request, actor, actor.key),
    reference: {
      customerId: list.customerId,
      lineCount: list.lineCount,
      totalCases: list.totalCases,
      amount: list.total,
      subjectEmail: list.recipient,
      listId: list.id,
      listStatus: status,
    },
    idempotencyKey,
    result: status === "mail-failed" ? "refused" : "done",
  });
  return { ...list, status };
}

export const resendOrderList = defineRoute(
  {
    method: "POST",
    path: "/api/order-guide/lists/{id}/resend",
    summary: "Mails a reorder list again: one the mail server refused, or left unconfirmed.",
    description: [
      "A list is unconfirmed when still sending after two minutes: its request stopped before its mail was known to",
      "go. It is mailed as it was kept (its lines and prices). Of several requests at once one mails it; the others,",
      "and a list sent or being sent, answer it as it is. A withdrawn list is never mailed again. 404 `NOT_FOUND` for a",
      "list not the workspace's.",
    ].join("\n"),
    answer: OrderListAnswerJson,
    need: "key",
    permission: SEND,
  },
  async ({ request, actor, params }, deps: OrderListDeps): Promise<OrderListJson> => {
    const id = params.id ?? "";
    const scope: ListScope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const store = storeOf(deps);
    const list = id.length <= MAX_ID_LENGTH ? await store.get(scope, id) : undefined;
    if (!list) throw noSuchList();
    if (!mayMailAgain(list)) return { list };
    if (!(await store.claimToMail(scope, id))) return { list: (await store.get(scope, id)) ?? list };
    return { list: await mailKept(request, actor, deps, store, list, undefined) };
  },
);

export const getOrderLists = defineRoute(
  {
    method: "GET",
    path: "/api/order-guide/lists",
    summary: "The workspace's reorder lists, newest first, its contact address and whether mail goes; or one list.",
    description: [
      "The lists sent in the key's environment (200 at most), each with its lines and where it stands between the",
      "store and its rep (`stage`, and `matchWords`: what was invoiced against it). With `list`: `{list}`, that list",
      "alone; 404 `NOT_FOUND` for one not the workspace's.",
    ].join("\n"),
    answer: OrderListsAnswer,
    need: "key",
    query: ListsQuery,
  },
  async ({ actor, query }, deps: OrderListDeps) => {
    if (!query.list) return loadOrderLists(actor, deps);
    const scope: ListScope = { workspaceId: recordOwner(actor), environment: actor.key.environment };
    const list = query.list.length <= MAX_ID_LENGTH ? await storeOf(deps).get(scope, query.list) : undefined;
    if (!list) throw noSuchList();
    return { list } satisfies OrderListJson;
  },
);

export const putOrderListContact = defineRoute(
  {
    method: "PUT",
    path: "/api/order-guide/contact",
    summary: "Sets the workspace's contact address: where a store's list goes when its record has no SalesRepEmail.",
    answer: ContactAnswer,
    need: "key",
    permission: { organization: ["update"] },
    body: Contact,
    maxBodyBytes: 4096,
    invalid: "Send an email address, or null.",
  },
  async ({ actor, body }, deps: OrderListDeps) => {
    await storeOf(deps).setContact(actor.workspace.id, body.email, actor.person.id);
    return { contact: body.email };
  },
);
