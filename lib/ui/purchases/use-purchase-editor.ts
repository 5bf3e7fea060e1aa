"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { CreatePurchaseBody, UpdatePurchaseBody } from "@/lib/data-api/writes";
import { apiQueryKey } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { useUnsavedChangesPrompt } from "@/lib/ui/unsaved-changes";
import { createdByField, mayOrderOnBehalf } from "./created-by";
import {
  type DraftHeader,
  type DraftLine,
  existingPurchaseOf,
  isBlank,
  toWriteLines,
  totalCases,
} from "@/lib/domain/purchases/draft";
import {
  confirmingOf,
  type EditorAction,
  type FocusTarget,
  editorReducer,
  initialEditorState,
  isDirty,
  isLocked,
  readinessProblems,
  runningAction,
} from "./editor-state";
import { fieldMessages } from "./field-messages";
import { refusalOf } from "./refusal";
import { purchaseRequest } from "@/lib/domain/purchases/requests";
import { useDraftLookups } from "./use-draft-lookups";

const LEAVE = "This purchase order has changes that are not saved. Leave without saving them?";

/** Moves the focus to a field of the editor: a header field by its id, a line's field through the grid's helper. */
export type FocusField = (target: FocusTarget) => void;

/**
 * The purchase-order editor's state and actions: `editorReducer` for what the editor holds, the reference data
 * (`useDraftLookups`), and the requests each action makes. Validate, Save, Submit and Delete run one at a time; every
 * POST and PATCH goes through `sendOnce`, so trying again after a lost answer sends the same Idempotency-Key.
 * `today` is the day in the person's time zone; `focusField` focuses a field (the DOM is the component's), and is
 * stable across renders.
 */
export function usePurchaseEditor({
  purchaseId,
  initial,
  today,
  focusField,
}: {
  purchaseId?: string;
  initial: { header: DraftHeader; lines: DraftLine[] };
  today: string;
  focusField: FocusField;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState(purchaseId, initial.header, initial.lines),
  );
  const { globalId, lines, phase } = state;
  const { keyType } = useKeyScope();
  // Ordering on behalf of a supplier's user: an Employee key, on a new order (a saved draft's creator is not shown by
  // the API, and PATCH does not take it).
  const onBehalf = mayOrderOnBehalf(keyType) && purchaseId === undefined;
  const lookups = useDraftLookups(state.header, { onBehalf });
  const { header, requiresBatchCodes, unitsPerCase, supplierList } = lookups;

  const dirty = isDirty(state);
  const locked = isLocked(phase);
  const busy = runningAction(phase);
  useUnsavedChangesPrompt(dirty && !locked, LEAVE);

  const used = lines.filter((l) => !isBlank(l));
  const cases = totalCases(lines, unitsPerCase);
  // A saved draft's unchanged delivery date is not sent again, so it is not held against today either.
  const earliestAllowed = purchaseId && header.deliveryDate === state.savedDelivery ? undefined : today;
  const messages = fieldMessages(state, header, lines, { earliest: earliestAllowed, requiresBatchCodes });

  // After an action, the first field with a problem gets focus: once the action is over, as the fields are disabled
  // while it runs (a disabled field cannot take the focus).
  useEffect(() => {
    if (!state.focus || busy) return;
    focusField(state.focus);
    dispatch({ type: "focused" });
  }, [state.focus, busy, focusField]);

  /** The editor's own checks for an action; false (with the problems shown and the first focused) when it must not go. */
  const ready = (action: EditorAction): boolean => {
    const problems = readinessProblems(action, header, lines, { earliest: earliestAllowed, requiresBatchCodes });
    dispatch({ type: "checked", action, problems });
    return problems.header.length + problems.lines.length === 0;
  };

  /** The create body of the order as typed; with `withLines`, of those lines instead (a sheet's split into drafts). */
  const body = (withLines: DraftLine[] = lines): CreatePurchaseBody => ({
    supplier_id: header.supplierId!,
    supplier_name: supplierList.find((s) => s.SupplierID === header.supplierId)?.Supplier ?? undefined,
    vendor_id: header.vendorId!,
    to_location_id: header.locationId!,
    delivery_date: header.deliveryDate,
    po_num: header.poNum.trim(),
    purchase_transactions: toWriteLines(withLines),
    // Only a create (and its validation) sends it: the update below is built without it.
    ...createdByField(header, keyType),
  });

  /** Runs one action at a time: a second click while one runs does nothing. */
  const running = useRef(false);
  const run = async (action: EditorAction, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    dispatch({ type: "started", action });
    try {
      await work();
    } catch (error) {
      const refusal = refusalOf(error, { action, poNum: header.poNum, lines, globalId });
      if (refusal.lock) void queryClient.invalidateQueries({ queryKey: apiQueryKey(purchaseRequest(globalId ?? "")) });
      dispatch({ type: "refused", refusal });
    } finally {
      running.current = false;
      dispatch({ type: "finished" });
    }
  };

  const store = useMemo(() => sessionKeyStore(), []);
  /** POST (new) or PATCH (saved draft): the whole line list every time, as the API replaces lines. */
  const save = async (): Promise<string> => {
    const sent = body();
    if (!globalId) {
      const created = await sendOnce(store, `POST /purchases ${hashOf(JSON.stringify(sent))}`, (key) =>
        browserApi.createPurchase({ body: sent, idempotencyKey: key }),
      );
      const id = created.records[0]?.purchase_global_id;
      if (!id) throw new Error("The API created the purchase order but did not say its id");
      queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), created);
      dispatch({ type: "created", id });
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
      ...(header.deliveryDate !== state.savedDelivery ? { delivery_date: sent.delivery_date } : {}),
    };
    const updated = await sendOnce(store, `PATCH /purchases/${globalId} ${hashOf(JSON.stringify(update))}`, (key) =>
      browserApi.updatePurchase({ path: { purchaseGlobalID: globalId }, body: update, idempotencyKey: key }),
    );
    if (updated.records[0]) queryClient.setQueryData(apiQueryKey(purchaseRequest(globalId)), updated);
    return globalId;
  };
  const listsChanged = () => void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] });

  const validate = () =>
    run("validate", async () => {
      if (!ready("validate")) return;
      try {
        const result = await browserApi.validatePurchase({ body: body() });
        const answer = result.records[0];
        const errors = Array.isArray(answer?.errors)
          ? (answer.errors as { field: string; detail: string; code: string }[])
          : [];
        dispatch({
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
          globalId &&
          existingPurchaseOf(error) === globalId
        ) {
          dispatch({ type: "validated-own-number", totalCases: cases, requiresBatchCodes });
          return;
        }
        throw error;
      }
    });

  const saveDraft = () =>
    run("save", async () => {
      if (!ready("save")) return;
      const wasNew = !globalId;
      await save();
      dispatch({ type: "saved", announce: wasNew ? "created" : "updated" });
      listsChanged();
    });

  const submit = () =>
    run("submit", async () => {
      if (!ready("submit")) return;
      let id = globalId;
      if (!id) {
        // Created and submitted in one request: nothing is left half-done if it is refused.
        const sent = body();
        const created = await sendOnce(store, `POST /purchases?submit ${hashOf(JSON.stringify(sent))}`, (key) =>
          browserApi.createPurchase({ body: sent, query: { submit: true }, idempotencyKey: key }),
        );
        id = created.records[0]?.purchase_global_id ?? undefined;
        if (!id) throw new Error("The API created the purchase order but did not say its id");
        queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), created);
      } else {
        if (dirty) {
          await save();
          dispatch({ type: "saved" });
          listsChanged();
        }
        const submitted = await sendOnce(store, `POST /purchases/${id}/submit`, (key) =>
          browserApi.submitPurchase({ path: { purchaseGlobalID: id! }, idempotencyKey: key }),
        );
        if (submitted.records[0]) queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), submitted);
      }
      dispatch({ type: "submitted" });
      listsChanged();
      router.push(`/purchases/${encodeURIComponent(id)}`);
    });

  const remove = () =>
    run("delete", async () => {
      if (!globalId) return;
      try {
        await browserApi.deletePurchase({ path: { purchaseGlobalID: globalId } });
      } catch (error) {
        // Already deleted (a retry after a lost answer): the outcome wanted.
        if (!(error instanceof DataApiError && error.status === 404)) throw error;
      }
      dispatch({ type: "deleted" });
      queryClient.removeQueries({ queryKey: apiQueryKey(purchaseRequest(globalId)) });
      listsChanged();
      router.push("/purchases");
    });

  const retry = (action: EditorAction) => ({ validate, save: saveDraft, submit, delete: remove })[action]();

  return {
    state,
    dispatch,
    lookups,
    /** Whether the header offers the user the order is made on behalf of (an Employee key's new order). */
    onBehalf,
    header,
    today,
    dirty,
    locked,
    busy,
    confirming: confirmingOf(phase),
    // A sheet's drafts being made hold the editor too: its lines and header are what they send.
    disabled: locked || busy !== undefined || state.sheet?.drafting === true,
    used,
    cases,
    messages,
    validate,
    save: saveDraft,
    /** The editor's checks for saving, shown on the fields (the first focused): false when something must be fixed. */
    checkForSave: () => ready("save"),
    /** The problems that stop a save (the header's fields missing, the lines'), for saying which. */
    saveProblems: () => readinessProblems("save", header, lines, { earliest: earliestAllowed, requiresBatchCodes }),
    /** The create body of the order's own lines followed by `more` (a sheet's lines, split into drafts). */
    bodyWith: (more: DraftLine[]) => body([...used, ...more]),
    /** Submit…: the editor's checks first, then the confirmation. */
    askSubmit: () => {
      if (ready("submit")) dispatch({ type: "confirm", what: "submit" });
    },
    confirm: () => (phase === "confirming-submit" ? submit() : remove()),
    retry,
  };
}

export type PurchaseEditorModel = ReturnType<typeof usePurchaseEditor>;
