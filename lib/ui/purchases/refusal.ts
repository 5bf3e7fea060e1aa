import { DataApiError } from "@/lib/data-api/data-api-error";
import { type DraftLine, existingPurchaseOf, type HeaderField, isBlank, placeFieldErrors } from "./draft";
import { type EditorAction, type FocusTarget, HEADER_LABELS, type LineField, type Refusal } from "./editor-state";

/**
 * What a failed action means for the editor: the API's field errors on their fields, and what the refusal means in
 * words. A failure with no settled answer (no answer, 429, 5xx, the first try still running) offers to try again: the
 * same Idempotency-Key goes again. A 409 on a saved draft that names no field means someone submitted or deleted it
 * meanwhile: the editor locks.
 *
 * @example
 * refusalOf(new DataApiError({ status: 503, detail: "Down" }), { action: "save", poNum: "PO-1", lines, globalId: undefined }).notice.retry; // "save"
 */
export function refusalOf(error: unknown, context: { action: EditorAction; poNum: string; lines: DraftLine[]; globalId: string | undefined }): Refusal {
  const { action, globalId } = context;
  const poNum = context.poNum.trim();
  if (!(error instanceof DataApiError)) {
    return { notice: { tone: "error", text: `Something went wrong: ${error instanceof Error ? error.message : "unknown error"}.`, retry: action } };
  }
  const placed = placeFieldErrors(error.fieldErrors, context.lines.filter((l) => !isBlank(l)));
  const header: Partial<Record<HeaderField, string>> = {};
  for (const h of placed.header) if (h.field in HEADER_LABELS) header[h.field as HeaderField] ??= h.message;
  const firstLine = placed.lines.find((p) => p.key);
  const firstHeader = Object.keys(header)[0] as HeaderField | undefined;
  const focus: FocusTarget | undefined = firstHeader ? { header: firstHeader } : firstLine ? { key: firstLine.key!, column: firstLine.field as LineField } : undefined;
  const fields = { lines: placed.lines, header, focus };
  const requestId = error.requestId;

  if (error.code === "DUPLICATE_PO_NUMBER") {
    return {
      fields: { lines: placed.lines, header: { po_num: `This vendor already has a purchase order ${poNum}. Choose another number.` }, focus: { header: "po_num" } },
      notice: { tone: "error", text: `PO number ${poNum} is already used with this vendor.`, existing: existingPurchaseOf(error), requestId },
    };
  }
  if (error.code === "IDEMPOTENCY_KEY_IN_PROGRESS") {
    return { fields, notice: { tone: "error", text: "The first try of this request is still being processed. Try again in a moment: it is the same request, and it takes effect once.", requestId, retry: action } };
  }
  if (error.code === "PURCHASE_NOT_DRAFT" || (error.status === 409 && globalId !== undefined && error.code !== "NOT_SUBMITTABLE" && !error.fieldErrors.length)) {
    return { fields, lock: true, notice: { tone: "error", text: `This purchase order is no longer a draft, so it can no longer be changed: ${error.detail}`, requestId } };
  }
  if (error.status === 0) {
    return { fields, notice: { tone: "error", text: "The Data API could not be reached. Nothing is lost: trying again sends the same request, and it takes effect at most once.", retry: action } };
  }
  if (error.status === 429) {
    return { fields, notice: { tone: "error", text: `The API's rate limit for this key is used up for now${error.retryAfter ? `: try again in ${error.retryAfter} s` : ""}. Trying again sends the same request.`, requestId, retry: action } };
  }
  if (error.status >= 500) {
    return { fields, notice: { tone: "error", text: `The Data API failed (${error.status}). Trying again sends the same request, and it takes effect at most once.`, requestId, retry: action } };
  }
  const count = placed.lines.length + placed.header.length;
  return { fields, notice: { tone: "error", text: count ? `${error.detail} See the ${count === 1 ? "marked field" : `${count} marked fields`}.` : error.detail, requestId } };
}
