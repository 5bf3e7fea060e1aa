import type * as z from "zod/v4/core";
import type { FieldError } from "./error-read";

/** `purchase_transactions[3].cases` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    "",
  );
}

const CODES: Record<string, string> = {
  invalid_type: "INVALID_TYPE",
  unrecognized_keys: "UNKNOWN_FIELD",
  too_big: "TOO_LARGE",
  too_small: "TOO_SMALL",
  invalid_format: "INVALID_FORMAT",
  invalid_value: "INVALID_VALUE",
  custom: "INVALID_VALUE",
};

/**
 * Field errors in the API's shape from a zod error: one per issue, one per unknown property.
 * `index` is the line item's position when the issue is inside `purchase_transactions`.
 */
export function toFieldErrors(error: z.$ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const index = issue.path.find((p): p is number => typeof p === "number");
    const base = index === undefined ? {} : { index };
    const missing = issue.code === "invalid_type" && issue.message.includes("received undefined");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: formatPath([...issue.path, key]),
        code: "UNKNOWN_FIELD",
        detail: `${key} is not a recognized property`,
        ...base,
      }));
    }
    const field = formatPath(issue.path);
    return [
      {
        field,
        code: missing ? "REQUIRED" : (CODES[issue.code] ?? "INVALID_VALUE"),
        detail: missing ? `${field || "body"} is required` : `${field || "body"}: ${issue.message}`,
        ...base,
      },
    ];
  });
}

/** The detailed error body for a rejected write: `{Error: {code: "VALIDATION_FAILED", detail, fieldErrors}}`. */
export function validationErrorBody(error: z.$ZodError, detail = "The request body is not valid.") {
  return { Error: { code: "VALIDATION_FAILED", detail, fieldErrors: toFieldErrors(error) } };
}

/** The simple error body for a rejected query: `{Error: "InvoiceIDs parameter is required"}`. */
export function queryErrorBody(error: z.$ZodError) {
  return { Error: [...new Set(error.issues.map((i) => i.message))].join("; ") };
}
