import { DataApiError } from "@/lib/data-api/data-api-error";
import { describeFailure } from "../failure";
import {
  type DraftLine,
  existingPurchaseOf,
  type HeaderField,
  isBlank,
  placeFieldErrors,
} from "@/lib/domain/purchases/draft";
import { type EditorAction, type FocusTarget, HEADER_LABELS, type LineField, type Refusal } from "./editor-state";

/**
 * What a failed action means for the editor: the API's field errors on their fields, and what the refusal means in
 * words, those of every page (`describeFailure`), but for the editor's own two: a PO number already used, and a
 * purchase that is no longer a draft. A failure with no settled answer (no answer, 429, 5xx, the first try still
 * running) offers to try again: the same Idempotency-Key goes again. A 409 on a saved draft that names no field means
 * someone submitted or deleted it meanwhile: the editor locks.
 *
 * @example
 * refusalOf(new DataApiError({ status: 503, detail: "Down" }), { action: "save", poNum: "PO-1", lines, globalId: undefined }).notice.retry; // "save"
 */
export function refusalOf(
  error: unknown,
  context: { action: EditorAction; poNum: string; lines: DraftLine[]; globalId: string | undefined },
): Refusal {
  const { action, globalId } = context;
  const poNum = context.poNum.trim();
  const failure = describeFailure(error, { what: "the purchase order", doing: action, write: true });
  const retry = failure.retry ? action : undefined;
  const wait = failure.retryAfterSeconds !== undefined ? { retryAfterSeconds: failure.retryAfterSeconds } : {};
  if (!(error instanceof DataApiError)) return { notice: { tone: "error", text: failure.message, retry } };
  const placed = placeFieldErrors(
    error.fieldErrors,
    context.lines.filter((l) => !isBlank(l)),
  );
  const header: Partial<Record<HeaderField, string>> = {};
  for (const h of placed.header) if (h.field in HEADER_LABELS) header[h.field as HeaderField] ??= h.message;
  const firstLine = placed.lines.find((p) => p.key);
  const firstHeader = Object.keys(header)[0] as HeaderField | undefined;
  const focus: FocusTarget | undefined = firstHeader
    ? { header: firstHeader }
    : firstLine
      ? { key: firstLine.key!, column: firstLine.field as LineField }
      : undefined;
  const fields = { lines: placed.lines, header, focus };
  const requestId = error.requestId;

  if (error.code === "DUPLICATE_PO_NUMBER") {
    return {
      fields: {
        lines: placed.lines,
        header: { po_num: `This vendor already has a purchase order ${poNum}. Choose another number.` },
        focus: { header: "po_num" },
      },
      notice: {
        tone: "error",
        text: `PO number ${poNum} is already used with this vendor.`,
        existing: existingPurchaseOf(error),
        requestId,
      },
    };
  }
  if (
    error.code === "PURCHASE_NOT_DRAFT" ||
    (failure.kind === "conflict" &&
      globalId !== undefined &&
      error.code !== "NOT_SUBMITTABLE" &&
      !error.fieldErrors.length)
  ) {
    return {
      fields,
      lock: true,
      notice: {
        tone: "error",
        text: `This purchase order is no longer a draft, so it can no longer be changed: ${error.detail}`,
        requestId,
      },
    };
  }
  const count = placed.lines.length + placed.header.length;
  const text = count
    ? `${failure.title} See the ${count === 1 ? "marked field" : `${count} marked fields`}.`
    : failure.message;
  return { fields, notice: { tone: "error", text, requestId, ...(retry ? { retry, ...wait } : {}) } };
}
