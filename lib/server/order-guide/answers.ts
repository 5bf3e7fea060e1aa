import "server-only";
import * as z from "zod";
import type { GuideData } from "@/lib/domain/order-guide/guide-data";
import type { OrderList, OrderListJson } from "@/lib/domain/order-guide/order-list";
import type {
  InvoiceListsJson,
  ListDetail,
  ReorderRequest,
  ReordersJson,
  SubstitutesJson,
} from "@/lib/domain/order-guide/shared-list";
import { StaleNoteAnswer } from "../core/stale-answer";
import type { StandingListsJson } from "./load-order-lists";

/**
 * What the order guide's routes answer, as zod schemas for their specs (`/api/openapi.json`), each held to the type
 * the code builds the answer as. Kept on the server: the domain's types are shared with the pages, which load no zod
 * for them.
 */

const Stale = StaleNoteAnswer.describe("Some lists were read from the last-known copy: why, and when.");

const Bought = z.object({ total: z.string().describe("Money, 2 decimals."), cases: z.string() });

const GuideRowAnswer = z.object({
  productId: z.number(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  unitsPerCase: z.number().nullable(),
  shelf: z.string().nullable().describe("Units on the store's shelf at its last count; null when never counted."),
  neverCounted: z.boolean().describe("The store's count is the Data API's never-counted sentinel."),
  daysOfCover: z.string().nullable().describe("Days the shelf covers; null when never counted."),
  usualCases: z.string().nullable().describe("The median cases of the last five orders."),
  boughtCases: z
    .string()
    .nullable()
    .describe("Cases bought in the last 180 days, net of returns (2 decimals); null when none."),
  unitPrice: z.string().nullable(),
  casePrice: z.string().nullable(),
  onPromotion: z.boolean().describe("On promotion for the store on the day."),
  promotionEnds: z.string().nullable().describe("The promotion's last day; null when open-ended or none."),
  bucket: z.string().nullable().describe("The serving warehouse's inventory bucket; null when it does not list it."),
  inStock: z.boolean(),
  sample: z.boolean().describe("A sample: never suggested."),
  suggestedCases: z.number().describe("Whole cases to ask for, bounded by what the store buys."),
});

/** `GET /api/order-guide` as JSON: the guide, its rows those the filter keeps. */
export const GuideAnswer = z.object({
  customerId: z.number(),
  customerName: z.string().nullable(),
  found: z.boolean(),
  salesRepEmail: z.string().nullable().describe("The store's rep's address, where its record has one."),
  day: z.string().describe("The day prices and cover are read for (YYYY-MM-DD)."),
  coverDays: z.number(),
  purchases: z
    .object({
      from: z.string().describe("The first of the last coverDays days."),
      lastDays: Bought.describe("Bought in the last coverDays days (today included), net of returns."),
      pace: Bought.describe("The 180 days' purchases × coverDays ÷ 180."),
    })
    .describe("What the store bought: what its suggestions are bounded by."),
  rows: z.array(GuideRowAnswer),
  complete: z.boolean().describe("Every list was read whole."),
  stale: Stale.optional(),
}) satisfies z.ZodType<GuideData>;

const Person = z.object({ id: z.string(), name: z.string(), email: z.string() });

const ListLineAnswer = z.object({
  productId: z.number(),
  name: z.string(),
  unitsPerCase: z.number().nullable(),
  unitPrice: z.string(),
  casePrice: z.string(),
  cases: z.number(),
  total: z.string().describe("Case price × cases, 2 decimals."),
});

const OrderListAnswer = z.object({
  id: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  recipient: z.string().describe("The address it was mailed to: the store's SalesRepEmail, else the contact."),
  lineCount: z.number(),
  totalCases: z.number(),
  total: z.string(),
  priceDay: z.string().describe("The day it was priced for."),
  status: z
    .enum(["sending", "sent", "mail-off", "mail-failed", "unconfirmed"])
    .describe("What became of its mail; `unconfirmed`: still sending after two minutes (its request stopped)."),
  sentBy: Person,
  sentAt: z.string(),
  lines: z.array(ListLineAnswer),
  withdrawal: z
    .object({
      at: z.string(),
      by: Person,
      mail: z
        .enum(["sending", "sent", "mail-off", "mail-failed", "unconfirmed", "not-mailed"])
        .describe("What became of the mail telling the rep; `not-mailed`: the list never reached the rep."),
    })
    .nullable()
    .describe("Null while the list stands."),
  enteredAt: z.string().nullable().describe("When the rep marked it entered in the ERP; null before."),
}) satisfies z.ZodType<OrderList>;

/** A list sent, sent again, withdrawn or read by id. */
export const OrderListAnswerJson = z.object({ list: OrderListAnswer }) satisfies z.ZodType<OrderListJson>;

const Stage = z.enum(["sent", "acknowledged", "entered", "withdrawn"]);
const MatchStatus = z.enum(["waiting", "invoiced", "partly", "not-invoiced"]);

/** `GET /api/order-guide/lists`: the lists with where each stands, the contact, whether mail goes; or one list. */
export const OrderListsAnswer = z.union([
  z.object({
    lists: z.array(
      OrderListAnswer.extend({ stage: Stage, matchWords: z.string().describe("What was invoiced, in words.") }),
    ),
    contact: z.string().nullable().describe("The workspace's contact for stores with no SalesRepEmail."),
    mailDelivers: z.boolean().describe("Whether this Backroom sends mail (an SMTP server is set)."),
  }) satisfies z.ZodType<StandingListsJson>,
  OrderListAnswerJson,
]);

const Substitute = z.object({
  productId: z.number(),
  name: z.string(),
  status: z.enum(["proposed", "accepted", "declined"]),
});

/** `GET /api/order-guide/lists/{id}` and every change of it: the list as the asker's side sees it. */
export const ListDetailAnswer = z.object({
  id: z.string(),
  version: z.number().describe("The list's version: its ETag."),
  side: z.enum(["store", "rep"]).describe("The asker's side of it."),
  customerId: z.number(),
  customerName: z.string(),
  stage: Stage,
  sentAt: z.string(),
  sentBy: z.string(),
  priceDay: z.string(),
  totalCases: z.number(),
  total: z.string(),
  acknowledged: z.object({ at: z.string(), by: z.string() }).nullable(),
  entered: z.object({ at: z.string(), by: z.string(), erpRef: z.string().nullable() }).nullable(),
  withdrawn: z.object({ at: z.string(), by: z.string() }).nullable(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      productId: z.number(),
      name: z.string(),
      cases: z.number(),
      askedCases: z.number().describe("The cases first asked."),
      casePrice: z.string(),
      total: z.string(),
      available: z
        .string()
        .nullable()
        .describe("The serving warehouse's bucket for the product asked now; null when it does not list it."),
      short: z.boolean().describe("The warehouse cannot fill the line: out of stock, or more than its bucket."),
      substitute: Substitute.nullable(),
    }),
  ),
  events: z.array(
    z.object({
      at: z.string(),
      by: z.string().describe("The person's name (`Backroom` for the matcher)."),
      side: z.enum(["store", "rep", "backroom"]),
      kind: z.enum([
        "sent",
        "acknowledged",
        "cases",
        "substitute",
        "accepted",
        "declined",
        "note",
        "entered",
        "withdrawn",
        "invoiced",
      ]),
      detail: z.string(),
    }),
  ),
  match: z
    .object({
      status: MatchStatus,
      invoices: z.array(z.object({ invoiceNum: z.string(), invoiceId: z.number(), date: z.string() })),
      lines: z.array(
        z.object({
          productId: z.number().describe("The product the line asks for now (its accepted substitute's)."),
          asked: z.number(),
          invoiced: z.string().describe("Cases invoiced against it (2 decimals)."),
        }),
      ),
      checkedAt: z.string().describe("When the store's invoices were last read for it."),
    })
    .nullable()
    .describe("What was invoiced against it, as last matched; null before its first match."),
  matchWords: z.string(),
  mayEdit: z.boolean().describe("Whether the asker may change it."),
}) satisfies z.ZodType<ListDetail>;

/** `GET /api/order-guide/lists/{id}/substitutes`. */
export const SubstitutesAnswer = z.object({
  candidates: z.array(
    z.object({
      productId: z.number(),
      name: z.string(),
      brand: z.string().nullable(),
      category: z.string().nullable(),
      casePrice: z.string(),
      bucket: z.string().nullable(),
      closeness: z.enum(["brand-and-category", "category", "brand", "other"]),
    }),
  ),
}) satisfies z.ZodType<SubstitutesJson>;

/** `GET /api/order-guide/lists/by-invoice`. */
export const InvoiceListsAnswer = z.object({
  lists: z.array(
    z.object({ id: z.string(), customerName: z.string(), stage: Stage, sentAt: z.string(), sentBy: z.string() }),
  ),
}) satisfies z.ZodType<InvoiceListsJson>;

/** One reorder request, as `GET /api/order-guide/reorders` and Today list it. */
export const ReorderRequestAnswer = z.object({
  id: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  stage: Stage,
  sentAt: z.string(),
  sentBy: z.string(),
  lineCount: z.number(),
  totalCases: z.number(),
  total: z.string(),
  matchWords: z.string(),
  matchStatus: MatchStatus,
}) satisfies z.ZodType<ReorderRequest>;

/** `GET /api/order-guide/reorders`. */
export const ReordersAnswer = z.object({
  requests: z.array(ReorderRequestAnswer),
}) satisfies z.ZodType<ReordersJson>;

/** `PUT /api/order-guide/contact`. */
export const ContactAnswer = z.object({ contact: z.string().nullable() });
