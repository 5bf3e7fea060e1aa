import "server-only";
import * as z from "zod";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { DEFAULT_COVER_DAYS } from "@/lib/domain/order-guide/guide";
import { readGuide } from "@/lib/domain/order-guide/guide-data";
import { filterRows, guideCsv } from "@/lib/domain/order-guide/guide-filter";
import { todayIn } from "@/lib/format/days";
import type { ActiveKey } from "../core/session/types";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { NO_STORE, refusalAnswer, upstreamFailureAnswer } from "../core/route-errors";
import { withActor } from "../core/with-actor";

const Query = z.strictObject({
  customer: z.coerce
    .number({ error: "customer: a CustomerID (a positive whole number)" })
    .int({ error: "customer: a CustomerID (a positive whole number)" })
    .positive({ error: "customer: a CustomerID (a positive whole number)" })
    .optional(),
  coverDays: z.coerce
    .number({ error: "coverDays: a number of days from 1 to 90" })
    .int({ error: "coverDays: a number of days from 1 to 90" })
    .min(1, { error: "coverDays: a number of days from 1 to 90" })
    .max(90, { error: "coverDays: a number of days from 1 to 90" })
    .default(DEFAULT_COVER_DAYS),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "day: the day prices and cover are read for, YYYY-MM-DD" })
    .optional(),
  brand: z.string().max(200).optional(),
  category: z.string().max(200).optional(),
  below: z.enum(["1"], { error: "below: 1 keeps what the shelf covers for fewer days than coverDays" }).optional(),
  promo: z.enum(["1"], { error: "promo: 1 keeps what is on promotion for the store today" }).optional(),
  format: z.enum(["json", "csv"], { error: "format: json or csv" }).default("json"),
});

/** The store a request is for: the one asked (within a Customer key's stores), or the key's only store. */
export function guideCustomer(
  key: ActiveKey,
  asked: number | undefined,
): { customerId: number } | { refusal: Response } {
  const stores = key.keyType === "Customer" ? (key.scope.customers ?? []) : undefined;
  if (asked !== undefined) {
    if (stores && !stores.some((s) => s.id === asked))
      return {
        refusal: refusalAnswer("CUSTOMER_NOT_IN_SCOPE", `customer ${asked} is not one of this key's stores.`, 403),
      };
    return { customerId: asked };
  }
  if (stores && stores.length === 1) return { customerId: stores[0]!.id };
  return {
    refusal: Response.json(
      {
        Error: {
          code: "VALIDATION_FAILED",
          detail: "customer is required: this key covers several stores. Ask as ?customer={CustomerID}.",
          fieldErrors: [{ field: "customer", code: "REQUIRED", detail: "customer is required" }],
        },
      },
      { status: 400, headers: NO_STORE },
    ),
  };
}

// GET /api/order-guide?customer=&coverDays=[&brand=&category=&below=1&promo=1&format=csv]: a store's order guide (issue 42) on `day` (the page sends
// the viewer's; UTC's by default), read through the proxy with the
// session's key (a Customer key, or an Employee key naming the store): `GuideData`, lib/domain/order-guide/guide-data.ts.
export const getOrderGuide = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: ProxyDeps): Promise<Response> => {
    if (actor.key.keyType === "Supplier")
      return refusalAnswer(
        "NOT_FOR_THIS_KEY",
        "The order guide is a retailer's: this workspace's Supplier key does not see a store's shelf and prices.",
        403,
      );
    const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return Response.json(validationErrorBody(parsed.error, "Ask as ?customer={CustomerID}&coverDays={1..90}."), {
        status: 400,
        headers: NO_STORE,
      });
    const store = guideCustomer(actor.key, parsed.data.customer);
    if ("refusal" in store) return store.refusal;
    try {
      const guide = await readGuide(
        requestApi(request, deps),
        store.customerId,
        parsed.data.day ?? todayIn("UTC"),
        parsed.data.coverDays,
        { signal: request.signal },
      );
      if (!guide.found)
        return refusalAnswer(
          "CUSTOMER_NOT_FOUND",
          `No customer ${store.customerId} is among this key's customers.`,
          404,
        );
      const { brand, category, below, promo, format } = parsed.data;
      const filter = { ...(brand ? { brand } : {}), ...(category ? { category } : {}), below: !!below, promo: !!promo };
      const rows = filterRows(guide.rows, filter, guide.coverDays);
      if (format === "csv")
        return new Response(guideCsv(rows), {
          headers: {
            ...NO_STORE,
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="order-guide-${guide.customerId}-${guide.day}.csv"`,
          },
        });
      return Response.json({ ...guide, rows }, { headers: NO_STORE });
    } catch (error) {
      if (!(error instanceof DataApiError)) throw error;
      return upstreamFailureAnswer(error, "The order guide");
    }
  },
);
