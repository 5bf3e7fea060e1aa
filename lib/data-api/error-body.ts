import * as z from "zod";
import { contractRegistry } from "./fields";

// The documented error bodies (for OpenAPI and the sandbox's checks). Clients read them with `error-read.ts`, without zod.

/** A field error: `{field, code, detail, message?, index?, ProductID?}`; extra properties are allowed (read by `error-read.ts`). */
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
contractRegistry.add(DetailedErrorBody, {
  id: "DetailedError",
  description: "A machine-readable error with optional field errors.",
});

export const ErrorBody = z.union([SimpleErrorBody, DetailedErrorBody]);
export type ErrorBody = z.output<typeof ErrorBody>;
