import "server-only";
import * as z from "zod";
import type { DataApiClient } from "@/lib/data-api/client";
import { DEFAULT_COVER_DAYS } from "@/lib/domain/order-guide/guide";
import { type GuideData, type GuideRow, readGuide } from "@/lib/domain/order-guide/guide-data";
import { filterRows, type GuideFilter, guideCsv } from "@/lib/domain/order-guide/guide-filter";
import { todayIn } from "@/lib/format/days";
import { defineRoute, type RouteDeps } from "../core/define-route";
import { refusal, RouteError } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { NO_STORE } from "../core/route-errors";
import type { KeyScope, KeyType } from "../core/session/types";
import { GuideAnswer } from "./answers";
import { customerNotFound } from "./errors";

const CUSTOMER = "customer: a CustomerID (a positive whole number)";
const COVER = "coverDays: a number of days from 1 to 90";

const Query = z.strictObject({
  customer: z.coerce
    .number({ error: CUSTOMER })
    .int({ error: CUSTOMER })
    .positive({ error: CUSTOMER })
    .optional()
    .describe("The store's CustomerID: required when the key covers several stores (a Customer key's own only)."),
  coverDays: z.coerce
    .number({ error: COVER })
    .int({ error: COVER })
    .min(1, { error: COVER })
    .max(90, { error: COVER })
    .default(DEFAULT_COVER_DAYS)
    .describe(`The days the suggestions cover, 1 to 90 (${DEFAULT_COVER_DAYS} by default).`),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "day: the day prices and cover are read for, YYYY-MM-DD" })
    .optional()
    .describe(
      "The day prices and cover are read for, YYYY-MM-DD (the page sends the viewer's; UTC's today by default).",
    ),
  q: z.string().max(200).optional().describe("A search: every word in the product's name, brand, category or ID."),
  brand: z.string().max(200).optional().describe("Only this brand's products."),
  category: z.string().max(200).optional().describe("Only this category's products."),
  below: z
    .enum(["1"], { error: "below: 1 keeps what the shelf covers for fewer days than coverDays" })
    .optional()
    .describe("1: only what the shelf covers for fewer days than coverDays."),
  promo: z
    .enum(["1"], { error: "promo: 1 keeps what is on promotion for the store today" })
    .optional()
    .describe("1: only what is on promotion for the store on the day."),
  format: z
    .enum(["json", "csv"], { error: "format: json or csv" })
    .default("json")
    .describe("`csv`: the rows kept, as a CSV download."),
});

/** What of a key decides its stores: its type and scope (the page's `SessionKey` and a route's key alike). */
export type GuideKey = { keyType: KeyType; scope: Pick<KeyScope, "customers"> };

/** A store of the key's asked for that is not one of its stores. */
const notInScope = (customerId: number): RouteError =>
  refusal("CUSTOMER_NOT_IN_SCOPE", `customer ${customerId} is not one of this key's stores.`, 403);

/**
 * The store a request is for: the one asked (within a Customer key's stores), or a Customer key's only store; refused
 * otherwise (not one of its stores: 403; several and none named: 400).
 *
 * @example
 * guideStore(key, undefined); // 20001, a Customer key's only store
 */
export function guideStore(key: GuideKey, asked: number | undefined): number {
  const stores = key.keyType === "Customer" ? (key.scope.customers ?? []) : undefined;
  if (asked !== undefined) {
    if (stores && !stores.some((s) => s.id === asked)) throw notInScope(asked);
    return asked;
  }
  if (stores && stores.length === 1) return stores[0]!.id;
  throw new RouteError(
    400,
    "VALIDATION_FAILED",
    "customer is required: this key covers several stores. Ask as ?customer={CustomerID}.",
    { fieldErrors: [{ field: "customer", code: "REQUIRED", detail: "customer is required" }] },
  );
}

/** What a store's guide is asked with: the page's address and the route's query say the same. */
export interface GuideAsk {
  customer: number | undefined;
  coverDays: number;
  /** The day prices and cover are read for (the viewer's). */
  day: string;
  filter: GuideFilter;
}

/**
 * A store's order guide and the rows its filter keeps: what the order guide's page shows and `GET /api/order-guide`
 * answers, read through the proxy as the person (6 lists). Refuses a store outside the key's (403), an unnamed one of
 * several (400) and one the key does not see (404); the Data API's failure is thrown as it is.
 *
 * @example
 * const { guide, rows } = await loadGuide(api, actor.key, { customer: 20001, coverDays: 14, day, filter: {} });
 */
export async function loadGuide(
  api: DataApiClient,
  key: GuideKey,
  ask: GuideAsk,
  options: { signal?: AbortSignal } = {},
): Promise<{ guide: GuideData; rows: GuideRow[] }> {
  const customerId = guideStore(key, ask.customer);
  const guide = await readGuide(api, customerId, ask.day, ask.coverDays, options);
  if (!guide.found) throw customerNotFound(customerId);
  return { guide, rows: filterRows(guide.rows, ask.filter, guide.coverDays) };
}

export const getOrderGuide = defineRoute(
  {
    method: "GET",
    path: "/api/order-guide",
    summary:
      "A store's order guide: every product it bought in the last 180 days or has on promotion, with a suggestion.",
    description: [
      "Read with the session's key through the proxy (6 lists: about 7 requests a store): a Customer key's store, or",
      "the store an Employee key names. The rows are those the filters keep (`q`, `brand`, `category`, `below`,",
      "`promo`); with `format=csv` the same rows as a CSV file (`order-guide-{customerId}-{day}.csv`).",
      "",
      "Quantities and prices are decimal strings. `purchases` and `boughtCases` are net of returns.",
      "",
      "Refusals: 400 `VALIDATION_FAILED` naming `customer` when the key covers several stores and none is named; 403",
      "`CUSTOMER_NOT_IN_SCOPE` for a store not one of a Customer key's; 404 `CUSTOMER_NOT_FOUND` when the key sees no",
      "such customer.",
    ].join("\n"),
    answer: GuideAnswer,
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "The order guide",
    query: Query,
    invalid: "Ask as ?customer={CustomerID}&coverDays={1..90}.",
  },
  async ({ request, actor, query }, deps: ProxyDeps & RouteDeps) => {
    const { q, brand, category, below, promo, format } = query;
    const search = q?.trim();
    const filter = {
      ...(search ? { q: search } : {}),
      ...(brand ? { brand } : {}),
      ...(category ? { category } : {}),
      below: !!below,
      promo: !!promo,
    };
    const ask = { customer: query.customer, coverDays: query.coverDays, day: query.day ?? todayIn("UTC"), filter };
    const { guide, rows } = await loadGuide(requestApi(request, deps), actor.key, ask, { signal: request.signal });
    if (format === "json") return { ...guide, rows };
    return new Response(guideCsv(rows), {
      headers: {
        ...NO_STORE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="order-guide-${guide.customerId}-${guide.day}.csv"`,
      },
    });
  },
);
