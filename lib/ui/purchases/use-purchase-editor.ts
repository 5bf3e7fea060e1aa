"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useReducer, useRef } from "react";
import type { CreatePurchaseBody } from "@/lib/data-api/writes";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { useUnsavedChangesPrompt } from "@/lib/ui/unsaved-changes";
import { mayOrderOnBehalf } from "./created-by";
import { type DraftHeader, type DraftLine, isBlank, totalCases } from "@/lib/domain/purchases/draft";
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
import { useDraftLookups } from "./use-draft-lookups";
import {
  deletePurchase,
  runEditorAction,
  type EditorRequestContext,
  purchaseBody,
  savePurchase,
  submitPurchase,
  validatePurchase,
} from "./purchase-editor-requests";

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
  // A saved draft's lines open in units (all the API keeps); once the catalog says its case sizes, whole cases are
  // cases again, as they were entered.
  const caseSizesKnown = lookups.catalog.data !== undefined;
  useEffect(() => {
    if (caseSizesKnown) dispatch({ type: "case-sizes", unitsPerCase });
  }, [caseSizesKnown, unitsPerCase]);

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
  const body = (withLines: DraftLine[] = lines): CreatePurchaseBody =>
    purchaseBody(header, supplierList, keyType, withLines);

  // The requests of the actions (`purchase-editor-requests.ts`), each Idempotency-Key kept in the tab's store.
  const store = useMemo(() => sessionKeyStore(), []);
  const requests: EditorRequestContext = {
    queryClient,
    store,
    dispatch,
    globalId,
    header,
    savedDelivery: state.savedDelivery,
    body: () => body(),
    listsChanged: () => void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] }),
    openPurchase: (id) => router.push(`/purchases/${encodeURIComponent(id)}`),
    openList: () => router.push("/purchases"),
  };
  /** Runs one action at a time: a second click while one runs does nothing. */
  const running = useRef(false);
  const run = (action: EditorAction, work: () => Promise<void>) =>
    runEditorAction(requests, running, action, lines, work);

  const validate = () =>
    run("validate", async () => {
      if (ready("validate")) await validatePurchase(requests, { cases, requiresBatchCodes });
    });

  const saveDraft = () =>
    run("save", async () => {
      if (!ready("save")) return;
      const wasNew = !globalId;
      await savePurchase(requests);
      dispatch({ type: "saved", announce: wasNew ? "created" : "updated" });
      requests.listsChanged();
    });

  const submit = () =>
    run("submit", async () => {
      if (ready("submit")) await submitPurchase(requests, dirty);
    });

  const remove = () => run("delete", () => deletePurchase(requests));

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
