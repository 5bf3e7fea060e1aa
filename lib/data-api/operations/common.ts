import * as z from "zod";
import { GET_STATUSES, SINGLE_GET_STATUSES } from "../operation";
import { type ParamSpec, page, pageSize } from "../query-params";

/** Page and PageSize, on every v1 list. */
export const v1Paging = { Page: page(), PageSize: pageSize() };
/** page and page_size, on every v2 list. */
export const v2Paging = { page: page(), page_size: pageSize() };

/** A numeric path parameter (v1 single-record GETs). */
export function numericPathId(description: string): ParamSpec<z.ZodType<number, string | undefined>> {
  return {
    make: (name) =>
      z
        .string({ error: `${name} is required` })
        .regex(/^\d+$/, `${name} must be a number`)
        .transform(Number),
    kind: "integer",
    wire: { type: "integer", minimum: 0 },
    required: true,
    rule: "digits only",
    description,
  };
}

/** A purchase reference in a v2 path: a purchase_global_id, or (where allowed) a numeric ERP purchase_id. */
export function purchaseRef(description: string): ParamSpec<z.ZodType<string, string | undefined>> {
  return {
    make: (name) =>
      z.string({ error: `${name} is required` }).regex(/^[A-Za-z0-9_-]{1,64}$/, `${name} is not a purchase id`),
    kind: "purchase id",
    wire: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
    required: true,
    rule: "letters, digits, - and _",
    description,
  };
}

export const listGet = {
  method: "GET",
  success: 200,
  statuses: GET_STATUSES,
  headers: ["If-None-Match", "X-Request-Id"],
} as const;
export const singleGet = {
  method: "GET",
  success: 200,
  statuses: SINGLE_GET_STATUSES,
  headers: ["If-None-Match", "X-Request-Id"],
} as const;

export const scoped = { Customer: "scoped", Supplier: "scoped" } as const;
export const noCustomers = { Customer: "forbidden", Supplier: "scoped" } as const;
