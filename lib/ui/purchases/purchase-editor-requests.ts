import type { QueryClient } from "@tanstack/react-query";
import type { Dispatch } from "react";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { KeyType } from "@/lib/data-api/operation";
import type { CreatePurchaseBody, UpdatePurchaseBody } from "@/lib/data-api/writes";
import { apiQueryKey } from "@/lib/domain/api-query";
import { type DraftHeader, type DraftLine, existingPurchaseOf, toWriteLines } from "@/lib/domain/purchases/draft";
import { purchaseRequest } from "@/lib/domain/purchases/requests";
import { browserApi } from "@/lib/ui/browser-api";
import { hashOf, type KeyStore, sendOnce } from "@/lib/ui/idempotency";
import { createdByField } from "./created-by";
import type { EditorAction, EditorEvent } from "./editor-state";
import { refusalOf } from "./refusal";

/** What the editor's requests need: the cache they update, the keys they send, and the editor they report to. */
export interface EditorRequestContext {
  queryClient: QueryClient;
  store: KeyStore;
  dispatch: Dispatch<EditorEvent>;
  /** The purchase's id at the API, once it has one. */
  globalId: string | undefined;
  header: DraftHeader;
  /** The delivery date the API has: an unchanged one is not sent again. */
  savedDelivery: string;
  /** The create body of the order as typed. */
  body: () => CreatePurchaseBody;
  /** Tells the purchases' lists to read again. */
  listsChanged: () => void;
  /** Opens the purchase's page (once it is submitted). */
  openPurchase: (id: string) => void;
  /** Opens the purchases' list (once the draft is deleted). */
  openList: () => void;
}

/**
 * Runs one action at a time: a second click while one runs does nothing. The editor is told it started, how the API
 * refused it (a purchase no longer a draft is read again), and that it is over.
 *
 * @example
 * await runEditorAction(ctx, running, "save", lines, () => savePurchase(ctx));
 */
export async function runEditorAction(
  ctx: EditorRequestContext,
  running: { current: boolean },
  action: EditorAction,
  lines: DraftLine[],
  work: () => Promise<void>,
): Promise<void> {
  const { dispatch, globalId } = ctx;
  if (running.current) return;
  running.current = true;
  dispatch({ type: "started", action });
  try {
    await work();
  } catch (error) {
    const refusal = refusalOf(error, { action, poNum: ctx.header.poNum, lines, globalId });
    if (refusal.lock)
      void ctx.queryClient.invalidateQueries({ queryKey: apiQueryKey(purchaseRequest(globalId ?? "")) });
    dispatch({ type: "refused", refusal });
  } finally {
    running.current = false;
    dispatch({ type: "finished" });
  }
}

/**
 * The create body of an order: its header and `lines`, and whom it is made on behalf of (only a create, and its
 * validation, sends that: an update is built without it).
 *
 * @example
 * purchaseBody(header, supplierList, "Supplier", lines).po_num; // "PO-1001"
 */
export function purchaseBody(
  header: DraftHeader,
  supplierList: readonly { SupplierID?: number | null; Supplier?: string | null }[],
  keyType: KeyType,
  lines: DraftLine[],
): CreatePurchaseBody {
  return {
    supplier_id: header.supplierId!,
    supplier_name: supplierList.find((s) => s.SupplierID === header.supplierId)?.Supplier ?? undefined,
    vendor_id: header.vendorId!,
    to_location_id: header.locationId!,
    delivery_date: header.deliveryDate,
    po_num: header.poNum.trim(),
    purchase_transactions: toWriteLines(lines),
    ...createdByField(header, keyType),
  };
}

/**
 * POST (new) or PATCH (saved draft): the whole line list every time, as the API replaces lines. Answers the
 * purchase's id.
 *
 * @example
 * const id = await savePurchase(ctx);
 */
export async function savePurchase(ctx: EditorRequestContext): Promise<string> {
  const { queryClient, store, globalId } = ctx;
  const sent = ctx.body();
  if (!globalId) {
    const created = await sendOnce(store, `POST /purchases ${hashOf(JSON.stringify(sent))}`, (key) =>
      browserApi.createPurchase({ body: sent, idempotencyKey: key }),
    );
    const id = created.records[0]?.purchase_global_id;
    if (!id) throw new Error("The API created the purchase order but did not say its id");
    queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), created);
    ctx.dispatch({ type: "created", id });
    // The address names the draft now, without reloading the editor (a reload opens it from the API).
    window.history.replaceState(null, "", `/purchases/${encodeURIComponent(id)}/edit`);
    return id;
  }
  const update: UpdatePurchaseBody = {
    vendor_id: sent.vendor_id,
    to_location_id: sent.to_location_id,
    po_num: sent.po_num,
    purchase_transactions: sent.purchase_transactions,
    // An unchanged delivery date is not sent: the API would check again that it is not in the past.
    ...(ctx.header.deliveryDate !== ctx.savedDelivery ? { delivery_date: sent.delivery_date } : {}),
  };
  const updated = await sendOnce(store, `PATCH /purchases/${globalId} ${hashOf(JSON.stringify(update))}`, (key) =>
    browserApi.updatePurchase({ path: { purchaseGlobalID: globalId }, body: update, idempotencyKey: key }),
  );
  if (updated.records[0]) queryClient.setQueryData(apiQueryKey(purchaseRequest(globalId)), updated);
  return globalId;
}

/**
 * Asks the API to validate the order, and reports its answer; a saved draft's own PO number is no duplicate.
 *
 * @example
 * await validatePurchase(ctx, { cases: 12, requiresBatchCodes: false });
 */
export async function validatePurchase(
  ctx: EditorRequestContext,
  { cases, requiresBatchCodes }: { cases: number; requiresBatchCodes: boolean },
): Promise<void> {
  try {
    const result = await browserApi.validatePurchase({ body: ctx.body() });
    const answer = result.records[0];
    const errors = Array.isArray(answer?.errors)
      ? (answer.errors as { field: string; detail: string; code: string }[])
      : [];
    ctx.dispatch({
      type: "validated",
      valid: answer?.valid === true,
      totalCases: answer?.total_cases ?? cases,
      errors,
      requiresBatchCodes,
    });
  } catch (error) {
    if (
      error instanceof DataApiError &&
      error.code === "DUPLICATE_PO_NUMBER" &&
      ctx.globalId &&
      existingPurchaseOf(error) === ctx.globalId
    ) {
      ctx.dispatch({ type: "validated-own-number", totalCases: cases, requiresBatchCodes });
      return;
    }
    throw error;
  }
}

/**
 * Submits the order: a new one is created and submitted in one request (nothing is left half-done if it is
 * refused); a saved draft is saved first when it changed. Then the purchase's page opens.
 *
 * @example
 * await submitPurchase(ctx, isDirty(state));
 */
export async function submitPurchase(ctx: EditorRequestContext, dirty: boolean): Promise<void> {
  const { queryClient, store } = ctx;
  let id = ctx.globalId;
  if (!id) {
    const sent = ctx.body();
    const created = await sendOnce(store, `POST /purchases?submit ${hashOf(JSON.stringify(sent))}`, (key) =>
      browserApi.createPurchase({ body: sent, query: { submit: true }, idempotencyKey: key }),
    );
    id = created.records[0]?.purchase_global_id ?? undefined;
    if (!id) throw new Error("The API created the purchase order but did not say its id");
    queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), created);
  } else {
    if (dirty) {
      await savePurchase(ctx);
      ctx.dispatch({ type: "saved" });
      ctx.listsChanged();
    }
    const submitted = await sendOnce(store, `POST /purchases/${id}/submit`, (key) =>
      browserApi.submitPurchase({ path: { purchaseGlobalID: id! }, idempotencyKey: key }),
    );
    if (submitted.records[0]) queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), submitted);
  }
  ctx.dispatch({ type: "submitted" });
  ctx.listsChanged();
  ctx.openPurchase(id);
}

/**
 * Deletes the saved draft (one already deleted, a retry after a lost answer, is the outcome wanted), then opens
 * the purchases' list.
 *
 * @example
 * await deletePurchase(ctx);
 */
export async function deletePurchase(ctx: EditorRequestContext): Promise<void> {
  const { globalId } = ctx;
  if (!globalId) return;
  try {
    await browserApi.deletePurchase({ path: { purchaseGlobalID: globalId } });
  } catch (error) {
    if (!(error instanceof DataApiError && error.status === 404)) throw error;
  }
  ctx.dispatch({ type: "deleted" });
  ctx.queryClient.removeQueries({ queryKey: apiQueryKey(purchaseRequest(globalId)) });
  ctx.listsChanged();
  ctx.openList();
}
