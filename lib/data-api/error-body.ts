import * as z from "zod";
import { contractRegistry } from "./fields";

/** A field error: `{field, code, detail, message?, index?, ProductID?}`; extra properties are allowed. */
export const FieldError = z.looseObject({
  field: z.string(),
  code: z.string(),
  detail: z.string(),
  message: z.string().optional(),
  index: z.number().int().optional(),
  ProductID: z.number().optional(),
});
contractRegistry.add(FieldError, { id: "FieldError", description: "An error about one field of the request." });

/** The simple error body: `{Error: "InvoiceIDs parameter is required"}`. */
export const SimpleErrorBody = z.object({ Error: z.string() });
contractRegistry.add(SimpleErrorBody, { id: "SimpleError", description: "A simple error message." });

/** The detailed error body: `{Error: {code, detail, fieldErrors?}}`; extra properties are allowed. */
export const DetailedErrorBody = z.object({
  Error: z.looseObject({ code: z.string(), detail: z.string(), fieldErrors: z.array(FieldError).optional() }),
});
contractRegistry.add(DetailedErrorBody, { id: "DetailedError", description: "A machine-readable error with optional field errors." });

export const ErrorBody = z.union([SimpleErrorBody, DetailedErrorBody]);
export type FieldError = z.output<typeof FieldError>;
export type ErrorBody = z.output<typeof ErrorBody>;

export interface ParsedError {
  code?: string;
  detail: string;
  fieldErrors: FieldError[];
}

/**
 * Reads an error body in either form. The prose of the documentation says `error` where the wire says `Error`,
 * so both keys are read. Anything else yields undefined.
 *
 * @example
 * parseErrorBody({ Error: "InvoiceIDs parameter is required" }); // { detail: "InvoiceIDs parameter is required", fieldErrors: [] }
 */
export function parseErrorBody(body: unknown): ParsedError | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const raw = (body as Record<string, unknown>).Error ?? (body as Record<string, unknown>).error;
  if (typeof raw === "string") return { detail: raw, fieldErrors: [] };
  const detailed = DetailedErrorBody.shape.Error.safeParse(raw);
  if (!detailed.success) return undefined;
  const fieldErrors = (detailed.data.fieldErrors ?? []).filter((f) => FieldError.safeParse(f).success);
  return { code: detailed.data.code, detail: detailed.data.detail, fieldErrors };
}
