/**
 * Reads the Data API's error bodies without zod, so pages can show an error before (or without) loading the schemas.
 * The documented schemas of the same bodies are in `error-body.ts`; a test checks both agree.
 */

/** A field error: `{field, code, detail, message?, index?, ProductID?}`; extra properties are allowed. */
export interface FieldError {
  field: string;
  code: string;
  detail: string;
  message?: string;
  index?: number;
  ProductID?: number;
  [extra: string]: unknown;
}

export interface ParsedError {
  code?: string;
  detail: string;
  fieldErrors: FieldError[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A field error as documented: the three texts, and `message`, `index` (an integer) and `ProductID` when present. */
export function isFieldError(value: unknown): value is FieldError {
  if (!isObject(value)) return false;
  const { field, code, detail, message, index, ProductID } = value;
  return (
    typeof field === "string" &&
    typeof code === "string" &&
    typeof detail === "string" &&
    (message === undefined || typeof message === "string") &&
    (index === undefined || Number.isInteger(index)) &&
    (ProductID === undefined || (typeof ProductID === "number" && Number.isFinite(ProductID)))
  );
}

/**
 * Reads an error body in either form. The prose of the documentation says `error` where the wire says `Error`,
 * so both keys are read. A field error that is not one is left out; anything else yields undefined.
 *
 * @example
 * parseErrorBody({ Error: "InvoiceIDs parameter is required" }); // { detail: "InvoiceIDs parameter is required", fieldErrors: [] }
 */
export function parseErrorBody(body: unknown): ParsedError | undefined {
  if (!isObject(body)) return undefined;
  const raw = body.Error ?? body.error;
  if (typeof raw === "string") return { detail: raw, fieldErrors: [] };
  if (!isObject(raw) || typeof raw.code !== "string" || typeof raw.detail !== "string") return undefined;
  if (raw.fieldErrors !== undefined && !Array.isArray(raw.fieldErrors)) return undefined;
  const fieldErrors = ((raw.fieldErrors as unknown[] | undefined) ?? []).filter(isFieldError);
  return { code: raw.code, detail: raw.detail, fieldErrors };
}
