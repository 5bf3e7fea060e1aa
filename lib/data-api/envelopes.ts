import * as z from "zod";
import { tolerantArray } from "./fields";

/**
 * Response envelopes. Each comes as a documented schema (`doc`, exact, for OpenAPI and for checking the sandbox) and a
 * read schema (`read`, tolerant: paging fields may be missing, unknown keys kept, one bad record dropped, not the page).
 */
export type EnvelopeKind = "v1-list" | "v1-single" | "v1-object" | "v2-list" | "v2-single" | "none";

const pageNumber = z.number().int().min(1);
const pageSizeNumber = z.number().int().min(1).max(500);
const lenientNumber = z.number().optional().catch(undefined);
const lenientBoolean = z.boolean().optional().catch(undefined);

/** v1 list: `{Data: [records], Page, PageSize, HasNextPage}`. HasNextPage is required by the envelope schema. */
export const v1List = {
  doc: <D extends z.ZodType>(record: D) =>
    z.object({ Data: z.array(record), Page: pageNumber, PageSize: pageSizeNumber, HasNextPage: z.boolean() }),
  read: <R extends z.ZodType>(record: R) =>
    z.looseObject({
      Data: tolerantArray(record),
      Page: lenientNumber,
      PageSize: lenientNumber,
      HasNextPage: lenientBoolean,
    }),
};

/**
 * v1 single record: `{Data: [record]}`, an array of one. The live service sends the whole list envelope
 * (Page 1, PageSize 50, HasNextPage false), so those keys are allowed too.
 */
export const v1Single = {
  doc: <D extends z.ZodType>(record: D) =>
    z.object({
      Data: z.array(record).length(1),
      Page: pageNumber.optional(),
      PageSize: pageSizeNumber.optional(),
      HasNextPage: z.boolean().optional(),
    }),
  read: v1List.read,
};

/** v1 object: `{Data: record}` (the v1 purchase schema, and the answer to POST /payments/applications). */
export const v1Object = {
  doc: <D extends z.ZodType>(record: D) => z.object({ Data: record }),
  read: <R extends z.ZodType>(record: R) => z.looseObject({ Data: record }),
};

/** v2 list: `{data: [records], page, page_size, has_next_page}`. */
export const v2List = {
  doc: <D extends z.ZodType>(record: D) =>
    z.object({ data: z.array(record), page: pageNumber, page_size: pageSizeNumber, has_next_page: z.boolean() }),
  read: <R extends z.ZodType>(record: R) =>
    z.looseObject({
      data: tolerantArray(record),
      page: lenientNumber,
      page_size: lenientNumber,
      has_next_page: lenientBoolean,
    }),
};

/** v2 single: `{data: record}`. */
export const v2Single = {
  doc: <D extends z.ZodType>(record: D) => z.object({ data: record }),
  read: <R extends z.ZodType>(record: R) => z.looseObject({ data: record }),
};

export const envelopes = {
  "v1-list": v1List,
  "v1-single": v1Single,
  "v1-object": v1Object,
  "v2-list": v2List,
  "v2-single": v2Single,
} as const;

/** The records of any list or single envelope, whatever its version. */
export function recordsOf<T>(body: { Data?: T[] | T; data?: T[] | T } | undefined): T[] {
  const data = body?.Data ?? body?.data;
  if (data === undefined) return [];
  return Array.isArray(data) ? data : [data];
}
