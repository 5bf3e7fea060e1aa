"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { CopyButton } from "@/components/table/copy-button";
import { RequestError } from "@/components/table/request-error";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { CreatePurchaseBody, UpdatePurchaseBody } from "@/lib/data-api/writes";
import { todayIn } from "@/lib/format/days";
import { formatDay } from "@/lib/format/display";
import { apiQueryKey, apiQueryOptions, STALE } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import {
  type DraftHeader,
  type DraftLine,
  earliestDelivery,
  emptyLine,
  existingPurchaseOf,
  fromDraftLines,
  type HeaderField,
  headerProblems,
  isBlank,
  lineList,
  type LineProblem,
  lineProblems,
  parsePaste,
  placeFieldErrors,
  toWriteLines,
  totalCases,
} from "@/lib/ui/purchases/draft";
import { catalogQuery, locationsRequest, type Purchase, purchaseRequest, suppliersRequest, vendorChoices, vendorsRequest } from "@/lib/ui/purchases/requests";
import { BUTTON, DANGER, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { useUnsavedChangesPrompt } from "@/lib/ui/unsaved-changes";
import { focusLineField, type LineActions, LineGrid, type LineMessages } from "./line-grid";
import { PasteOutcome, PastePanel, type PasteReport } from "./paste-panel";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";

type Action = "validate" | "save" | "submit" | "delete";
type LineField = "product" | "quantity" | "batchCode" | "expirationDate";

/** What the last action said: a message, its tone, and what goes with it. */
interface Notice {
  tone: "ok" | "error";
  text: string;
  /** The purchase that already holds the PO number (409 DUPLICATE_PO_NUMBER). */
  existing?: string;
  requestId?: string;
  /** The action to try again (a failure with no settled answer: the same Idempotency-Key goes again). */
  retry?: Action;
}

const LEAVE = "This purchase order has changes that are not saved. Leave without saving them?";
const HEADER_LABELS: Record<HeaderField, string> = {
  supplier_id: "Supplier",
  vendor_id: "Vendor",
  to_location_id: "Destination warehouse",
  delivery_date: "Requested delivery date",
  po_num: "PO number",
};

/**
 * The purchase-order editor: a new draft (`purchaseId` absent) or a saved one. A purchase that is no longer a draft
 * opens read-only, with a link to its page.
 */
export function PurchaseEditor({ purchaseId }: { purchaseId?: string }) {
  const query = useQuery({ ...apiQueryOptions(browserApi, purchaseRequest(purchaseId ?? ""), STALE.working), enabled: purchaseId !== undefined });
  if (purchaseId === undefined) return <DraftEditor initial={{ header: { deliveryDate: "", poNum: "" }, lines: [emptyLine()] }} />;
  if (query.error) return <RequestError error={query.error} onRetry={() => void query.refetch()} what="this purchase order" />;
  const purchase = query.data?.records[0];
  if (!purchase) return <p aria-busy="true">Loading purchase order {purchaseId}…</p>;
  if (purchase.status !== "InProgress") return <NotADraft purchase={purchase} id={purchaseId} />;
  const lines = Array.isArray(purchase.purchase_transactions) ? (purchase.purchase_transactions as { product_id: number; num_units: number; batch_code?: string | null; expiration_date?: string | null }[]) : [];
  return (
    <DraftEditor
      key={purchase.purchase_global_id ?? purchaseId}
      purchaseId={purchase.purchase_global_id ?? purchaseId}
      initial={{
        header: {
          // Not among the documented fields of a purchase: read when the service sends them.
          supplierId: typeof purchase.supplier_id === "number" ? purchase.supplier_id : undefined,
          vendorId: purchase.vendor_id ?? undefined,
          locationId: purchase.to_location_id ?? undefined,
          deliveryDate: typeof purchase.delivery_date === "string" ? purchase.delivery_date.slice(0, 10) : "",
          poNum: purchase.po_num ?? "",
        },
        lines: [...fromDraftLines(lines), emptyLine()],
      }}
    />
  );
}

function NotADraft({ purchase, id }: { purchase: Purchase; id: string }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold tracking-tight">Purchase order {purchase.po_num ?? id}</h1>
      <p role="note" className="rounded border border-sky-700 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50">
        This purchase order was submitted (status {purchase.status ?? "unknown"}): it can no longer be edited.{" "}
        <Link className="link" href={`/purchases/${encodeURIComponent(id)}`}>
          Open its page
        </Link>
        .
      </p>
    </div>
  );
}

/**
 * The editor's saved state in one string: what is dirty is what differs from it. The supplier is left out: a draft
 * keeps its supplier, and a new order's supplier alone (chosen for a key with one) is no work to lose.
 */
function snapshotOf(header: DraftHeader, lines: DraftLine[]): string {
  return JSON.stringify([header.vendorId, header.locationId, header.deliveryDate, header.poNum.trim(), toWriteLines(lines), lines.filter((l) => !isBlank(l)).map((l) => l.productText ?? "")]);
}

/** The lines with an empty one at the end (below the 200-line limit), so the grid always has a line to type in. */
function withRoomToType(lines: DraftLine[]): DraftLine[] {
  const last = lines[lines.length - 1];
  return last && !isBlank(last) && lines.filter((l) => !isBlank(l)).length < MAX_LINE_ITEMS ? [...lines, emptyLine()] : lines;
}

function DraftEditor({ purchaseId, initial }: { purchaseId?: string; initial: { header: DraftHeader; lines: DraftLine[] } }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const today = todayIn(useTimeZone());
  const ids = { title: useId(), status: useId(), total: useId() };
  const [globalId, setGlobalId] = useState(purchaseId);
  const [typedHeader, setHeader] = useState<DraftHeader>(initial.header);
  const [lines, setLines] = useState<DraftLine[]>(initial.lines);
  const [saved, setSaved] = useState(() => (purchaseId ? snapshotOf(initial.header, initial.lines) : snapshotOf({ deliveryDate: "", poNum: "" }, [])));
  const [savedDelivery, setSavedDelivery] = useState(initial.header.deliveryDate);
  // Problems the editor finds itself show once an action was tried, and follow the edits from then on.
  const [checked, setChecked] = useState(false);
  const [apiLines, setApiLines] = useState<LineProblem[]>([]);
  const [apiHeader, setApiHeader] = useState<Partial<Record<HeaderField, string>>>({});
  const [busy, setBusy] = useState<Action>();
  const running = useRef(false);
  const [notice, setNotice] = useState<Notice>();
  const [validation, setValidation] = useState<{ valid: boolean; totalCases: number; at: string }>();
  const [lockedBecause, setLockedBecause] = useState<string>();
  const [confirming, setConfirming] = useState<"submit" | "delete">();
  const [pasteReport, setPasteReport] = useState<PasteReport>();
  const focusAfter = useRef<{ key: string; column: LineField } | { header: HeaderField }>(undefined);

  const suppliers = useQuery(apiQueryOptions(browserApi, suppliersRequest, STALE.directory));
  const locations = useQuery(apiQueryOptions(browserApi, locationsRequest, STALE.reference));
  const supplierList = useMemo(() => suppliers.data?.records ?? [], [suppliers.data]);
  // A key with one supplier has it chosen.
  const header: DraftHeader = { ...typedHeader, supplierId: typedHeader.supplierId ?? (supplierList.length === 1 ? (supplierList[0]!.SupplierID ?? undefined) : undefined) };
  const vendors = useQuery({ ...apiQueryOptions(browserApi, vendorsRequest(header.supplierId ?? 0), STALE.directory), enabled: header.supplierId !== undefined });
  const vendorRows = useMemo(() => vendors.data?.records ?? [], [vendors.data]);
  const choices = useMemo(() => vendorChoices(vendorRows), [vendorRows]);
  const vendor = choices.find((v) => v.vendorId === header.vendorId);
  const vendorRow = vendorRows.find((v) => v.VendorID === header.vendorId && v.LocationID === header.locationId) ?? vendorRows.find((v) => v.VendorID === header.vendorId);
  const requiresBatchCodes = vendorRow?.RequirePOBatchCodes === true;
  const locationName = (id: number) => locations.data?.records.find((l) => l.LocationID === id)?.Location ?? `Warehouse ${id}`;
  const state = locations.data?.records.find((l) => l.LocationID === header.locationId)?.State ?? undefined;
  const catalog = useQuery(catalogQuery(header.supplierId, state));
  const products = catalog.data?.products;
  const unitsPerCase = useMemo(() => new Map((products ?? []).flatMap((p) => (p.unitsPerCase ? [[p.productId, p.unitsPerCase] as const] : []))), [products]);

  const snapshot = snapshotOf(header, lines);
  const dirty = snapshot !== saved;
  useUnsavedChangesPrompt(dirty && !lockedBecause, LEAVE);

  const used = lines.filter((l) => !isBlank(l));
  const cases = totalCases(lines, unitsPerCase);
  const local = checked ? lineProblems(lines, { requiresBatchCodes }) : [];
  // A saved draft's unchanged delivery date is not sent again, so it is not held against today either.
  const earliestAllowed = purchaseId && header.deliveryDate === savedDelivery ? undefined : today;
  const headerLocal = checked ? headerProblems(header, earliestAllowed) : [];
  const headerMessages: Partial<Record<HeaderField, string>> = { ...apiHeader };
  for (const p of headerLocal) headerMessages[p.field] ??= p.message;
  const messages = new Map<string, LineMessages>();
  const listMessages: string[] = [];
  for (const p of [...local, ...apiLines]) {
    if (!p.key) {
      if (!listMessages.includes(p.message)) listMessages.push(p.message);
      continue;
    }
    if (p.field === "lines") continue;
    const entry = messages.get(p.key) ?? {};
    entry[p.field] ??= p.message;
    messages.set(p.key, entry);
  }

  // After an action, the first field with a problem gets focus: once the action is over, as the fields are disabled
  // while it runs (a disabled field cannot take the focus).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || busy) return;
    focusAfter.current = undefined;
    if ("header" in target) document.getElementById(`po-${target.header}`)?.focus();
    else focusLineField(target.key, target.column);
  });

  const dropLineProblems = useCallback((key: string) => setApiLines((p) => (p.some((x) => x.key === key) ? p.filter((x) => x.key !== key) : p)), []);
  const setField = <F extends keyof DraftHeader>(field: F, value: DraftHeader[F], apiField: HeaderField) => {
    setHeader((h) => ({ ...h, [field]: value }));
    setApiHeader((p) => ({ ...p, [apiField]: undefined }));
    setValidation(undefined);
  };

  /** Rows from a spreadsheet become lines at `at` (the line pasted into) or at the end, up to the 200-line limit. */
  const paste = (text: string, at?: string) => {
    if (!products) {
      setPasteReport({ added: 0, errors: [{ row: 1, text: text.split("\n")[0] ?? "", message: "Choose the vendor and destination first: the products come from their catalog" }], refused: 0 });
      return;
    }
    const parsed = parsePaste(text, products);
    const result = lineList.paste(lines, parsed.lines, at);
    setLines(withRoomToType(result.lines));
    setPasteReport({ added: parsed.lines.length - result.refused, errors: parsed.errors, refused: result.refused });
    setValidation(undefined);
  };

  const actions: LineActions = useMemo(
    () => ({
      change(key, changes) {
        setLines((current) => withRoomToType(lineList.update(current, key, changes)));
        dropLineProblems(key);
        setValidation(undefined);
      },
      addAfter(key) {
        setLines((current) => {
          const index = current.findIndex((l) => l.key === key);
          const next = current[index + 1];
          if (next && isBlank(next)) {
            focusAfter.current = { key: next.key, column: "product" };
            return [...current];
          }
          if (current.filter((l) => !isBlank(l)).length >= MAX_LINE_ITEMS) return current;
          const { lines: added, added: newKey } = lineList.addAfter(current, key);
          focusAfter.current = { key: newKey, column: "product" };
          return added;
        });
      },
      duplicate(key) {
        setLines((current) => {
          if (current.filter((l) => !isBlank(l)).length >= MAX_LINE_ITEMS) return current;
          const { lines: next, added } = lineList.duplicate(current, key);
          if (added) focusAfter.current = { key: added, column: "product" };
          return next;
        });
        setValidation(undefined);
      },
      remove(key) {
        setLines((current) => {
          const index = current.findIndex((l) => l.key === key);
          const next = lineList.remove(current, key);
          const focus = next[Math.min(index, next.length - 1)];
          if (focus) focusAfter.current = { key: focus.key, column: "product" };
          return next;
        });
        dropLineProblems(key);
        setValidation(undefined);
      },
    }),
    [dropLineProblems, setLines],
  );

  /** The editor's own checks for an action; false (with the problems shown and the first focused) when it must not go. */
  const ready = (action: Action): boolean => {
    setChecked(true);
    const head = headerProblems(header, earliestAllowed);
    // A draft may be saved unfinished: a missing batch code only stops a submit (and is what validate reports).
    const mine = lineProblems(lines, { requiresBatchCodes }).filter((p) => action === "submit" || p.field !== "batchCode");
    if (action === "submit" && used.length === 0) mine.push({ field: "lines", message: "A purchase order needs at least one line to be submitted" });
    const firstLine = mine.find((p) => p.key);
    const first = head[0] ? { header: head[0].field } : firstLine ? { key: firstLine.key!, column: firstLine.field as LineField } : undefined;
    if (head.length || mine.length) {
      focusAfter.current = first;
      setNotice({ tone: "error", text: `${head.length + mine.length} ${head.length + mine.length === 1 ? "thing needs" : "things need"} fixing before the purchase order can be ${action === "submit" ? "submitted" : action === "save" ? "saved" : "checked"}.` });
      return false;
    }
    return true;
  };

  const body = (): CreatePurchaseBody => ({
    supplier_id: header.supplierId!,
    supplier_name: supplierList.find((s) => s.SupplierID === header.supplierId)?.Supplier ?? undefined,
    vendor_id: header.vendorId!,
    to_location_id: header.locationId!,
    delivery_date: header.deliveryDate,
    po_num: header.poNum.trim(),
    purchase_transactions: toWriteLines(lines),
  });

  /** Takes in an API refusal: field errors on their fields, and what the refusal means in words. */
  const refused = (error: unknown, action: Action) => {
    if (!(error instanceof DataApiError)) {
      setNotice({ tone: "error", text: `Something went wrong: ${error instanceof Error ? error.message : "unknown error"}.`, retry: action });
      return;
    }
    const placed = placeFieldErrors(error.fieldErrors, lines.filter((l) => !isBlank(l)));
    setApiLines(placed.lines);
    const head: Partial<Record<HeaderField, string>> = {};
    for (const h of placed.header) if (h.field in HEADER_LABELS) head[h.field as HeaderField] ??= h.message;
    setApiHeader(head);
    const firstLine = placed.lines.find((p) => p.key);
    const firstHeader = Object.keys(head)[0] as HeaderField | undefined;
    focusAfter.current = firstHeader ? { header: firstHeader } : firstLine ? { key: firstLine.key!, column: firstLine.field as LineField } : undefined;
    const requestId = error.requestId;
    if (error.code === "DUPLICATE_PO_NUMBER") {
      const existing = existingPurchaseOf(error);
      setApiHeader({ po_num: `This vendor already has a purchase order ${header.poNum.trim()}. Choose another number.` });
      focusAfter.current = { header: "po_num" };
      setNotice({ tone: "error", text: `PO number ${header.poNum.trim()} is already used with this vendor.`, existing, requestId });
    } else if (error.code === "IDEMPOTENCY_KEY_IN_PROGRESS") {
      setNotice({ tone: "error", text: "The first try of this request is still being processed. Try again in a moment: it is the same request, and it takes effect once.", requestId, retry: action });
    } else if (error.code === "PURCHASE_NOT_DRAFT" || (error.status === 409 && globalId !== undefined && error.code !== "NOT_SUBMITTABLE" && !error.fieldErrors.length)) {
      setLockedBecause(error.detail);
      void queryClient.invalidateQueries({ queryKey: apiQueryKey(purchaseRequest(globalId ?? "")) });
      setNotice({ tone: "error", text: `This purchase order is no longer a draft, so it can no longer be changed: ${error.detail}`, requestId });
    } else if (error.status === 0) {
      setNotice({ tone: "error", text: "The Data API could not be reached. Nothing is lost: trying again sends the same request, and it takes effect at most once.", retry: action });
    } else if (error.status === 429) {
      setNotice({ tone: "error", text: `The API's rate limit for this key is used up for now${error.retryAfter ? `: try again in ${error.retryAfter} s` : ""}. Trying again sends the same request.`, requestId, retry: action });
    } else if (error.status >= 500) {
      setNotice({ tone: "error", text: `The Data API failed (${error.status}). Trying again sends the same request, and it takes effect at most once.`, requestId, retry: action });
    } else {
      const count = placed.lines.length + placed.header.length;
      setNotice({ tone: "error", text: count ? `${error.detail} See the ${count === 1 ? "marked field" : `${count} marked fields`}.` : error.detail, requestId });
    }
  };

  /** Runs one action at a time: a second click while one runs does nothing. */
  const run = async (action: Action, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(action);
    setNotice(undefined);
    setConfirming(undefined);
    try {
      await work();
    } catch (error) {
      refused(error, action);
    } finally {
      running.current = false;
      setBusy(undefined);
    }
  };

  const store = useMemo(() => sessionKeyStore(), []);
  /** POST (new) or PATCH (saved draft): the whole line list every time, as the API replaces lines. */
  const save = async (): Promise<string> => {
    const sent = body();
    if (!globalId) {
      const created = await sendOnce(store, `POST /purchases ${hashOf(JSON.stringify(sent))}`, (key) => browserApi.createPurchase({ body: sent, idempotencyKey: key }));
      const record = created.records[0];
      const id = record?.purchase_global_id;
      if (!id) throw new Error("The API created the purchase order but did not say its id");
      queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), created);
      setGlobalId(id);
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
      ...(header.deliveryDate !== savedDelivery ? { delivery_date: sent.delivery_date } : {}),
    };
    const updated = await sendOnce(store, `PATCH /purchases/${globalId} ${hashOf(JSON.stringify(update))}`, (key) => browserApi.updatePurchase({ path: { purchaseGlobalID: globalId }, body: update, idempotencyKey: key }));
    if (updated.records[0]) queryClient.setQueryData(apiQueryKey(purchaseRequest(globalId)), updated);
    return globalId;
  };
  const markSaved = () => {
    setSaved(snapshot);
    setSavedDelivery(header.deliveryDate);
    setApiLines([]);
    setApiHeader({});
    void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] });
  };

  const onValidate = () =>
    run("validate", async () => {
      if (!ready("validate")) return;
      const sent = body();
      try {
        const result = await browserApi.validatePurchase({ body: sent });
        const answer = result.records[0];
        const problems = Array.isArray(answer?.errors) ? (answer.errors as { field: string; detail: string; code: string }[]) : [];
        const placed = placeFieldErrors(problems, lines);
        setApiLines(placed.lines);
        const valid = answer?.valid === true;
        setValidation({ valid, totalCases: answer?.total_cases ?? cases, at: new Date().toISOString() });
        if (!valid) {
          const mine = lineProblems(lines, { requiresBatchCodes });
          const first = placed.lines.find((p) => p.key) ?? mine.find((p) => p.key);
          if (first) focusAfter.current = { key: first.key!, column: first.field as LineField };
        }
      } catch (error) {
        // A saved draft's own PO number is no duplicate: every check before that one passed, and the editor makes
        // the readiness checks (lines, quantities, batch codes) itself.
        if (error instanceof DataApiError && error.code === "DUPLICATE_PO_NUMBER" && globalId && existingPurchaseOf(error) === globalId) {
          const mine = lineProblems(lines, { requiresBatchCodes });
          setValidation({ valid: mine.length === 0 && used.length > 0, totalCases: cases, at: new Date().toISOString() });
          return;
        }
        throw error;
      }
    });

  const onSave = () =>
    run("save", async () => {
      if (!ready("save")) return;
      const wasNew = !globalId;
      await save();
      markSaved();
      setNotice({ tone: "ok", text: wasNew ? "Draft saved. It is kept by the API: edit, submit or delete it from here or from Purchases." : "Draft saved." });
    });

  const onSubmit = () =>
    run("submit", async () => {
      if (!ready("submit")) return;
      let id = globalId;
      if (!id) {
        // Created and submitted in one request: nothing is left half-done if it is refused.
        const sent = body();
        const created = await sendOnce(store, `POST /purchases?submit ${hashOf(JSON.stringify(sent))}`, (key) => browserApi.createPurchase({ body: sent, query: { submit: true }, idempotencyKey: key }));
        id = created.records[0]?.purchase_global_id ?? undefined;
        if (!id) throw new Error("The API created the purchase order but did not say its id");
        queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), created);
      } else {
        if (dirty) {
          await save();
          markSaved();
        }
        const submitted = await sendOnce(store, `POST /purchases/${id}/submit`, (key) => browserApi.submitPurchase({ path: { purchaseGlobalID: id! }, idempotencyKey: key }));
        if (submitted.records[0]) queryClient.setQueryData(apiQueryKey(purchaseRequest(id)), submitted);
      }
      setSaved(snapshot);
      setLockedBecause("submitted");
      void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] });
      router.push(`/purchases/${encodeURIComponent(id)}`);
    });

  const onDelete = () =>
    run("delete", async () => {
      if (!globalId) return;
      try {
        await browserApi.deletePurchase({ path: { purchaseGlobalID: globalId } });
      } catch (error) {
        // Already deleted (a retry after a lost answer): the outcome wanted.
        if (!(error instanceof DataApiError && error.status === 404)) throw error;
      }
      setSaved(snapshot);
      setLockedBecause("deleted");
      queryClient.removeQueries({ queryKey: apiQueryKey(purchaseRequest(globalId)) });
      void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] });
      router.push("/purchases");
    });

  const retry = (action: Action) => ({ validate: onValidate, save: onSave, submit: onSubmit, delete: onDelete })[action]();

  const locked = lockedBecause !== undefined;
  const disabled = locked || busy !== undefined;
  const headerField = (field: HeaderField) => ({
    id: `po-${field}`,
    "aria-invalid": headerMessages[field] ? true : undefined,
    "aria-describedby": headerMessages[field] ? `po-${field}-error` : undefined,
  });
  const headerError = (field: HeaderField) =>
    headerMessages[field] ? (
      <p id={`po-${field}-error`} className={FIELD_ERROR}>
        {headerMessages[field]}
      </p>
    ) : null;
  const earliest = vendorRow?.LeadTimeDays != null ? earliestDelivery(today, vendorRow.LeadTimeDays) : undefined;

  return (
    <div className="space-y-5">
      <div>
        <h1 id={ids.title} className="text-2xl font-bold tracking-tight">
          {globalId ? `Draft purchase order ${header.poNum.trim() || ""}` : "New purchase order"}
        </h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {globalId ? (
            <>
              Saved through the API as a draft (InProgress).{" "}
              <Link className="link" href={`/purchases/${encodeURIComponent(globalId)}`}>
                Its page
              </Link>
              . Saved lines read back in units: the API keeps a draft&apos;s quantities in units.
            </>
          ) : (
            "Nothing is sent until you save or submit. Validate checks the order with the API without creating anything."
          )}
        </p>
      </div>

      <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Purchase order header">
        <div>
          <label htmlFor="po-supplier_id" className="block text-sm font-semibold">
            {HEADER_LABELS.supplier_id}
          </label>
          <select
            {...headerField("supplier_id")}
            value={header.supplierId ?? ""}
            disabled={disabled || globalId !== undefined}
            className={fieldClass(!!headerMessages.supplier_id, "mt-1 w-full")}
            onChange={(e) => {
              setField("supplierId", e.target.value ? Number(e.target.value) : undefined, "supplier_id");
              setHeader((h) => ({ ...h, vendorId: undefined, locationId: undefined }));
            }}
          >
            <option value="">{suppliers.isPending ? "Loading suppliers…" : "Choose a supplier"}</option>
            {supplierList.map((s) => (
              <option key={s.SupplierID} value={s.SupplierID ?? ""}>
                {s.Supplier ?? `Supplier ${s.SupplierID}`}
              </option>
            ))}
          </select>
          {globalId && <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">A draft keeps its supplier.</p>}
          {headerError("supplier_id")}
        </div>
        <div>
          <label htmlFor="po-vendor_id" className="block text-sm font-semibold">
            {HEADER_LABELS.vendor_id}
          </label>
          <select
            {...headerField("vendor_id")}
            value={header.vendorId ?? ""}
            className={fieldClass(!!headerMessages.vendor_id, "mt-1 w-full")}
            onChange={(e) => {
              const vendorId = e.target.value ? Number(e.target.value) : undefined;
              const only = choices.find((v) => v.vendorId === vendorId)?.locations;
              setField("vendorId", vendorId, "vendor_id");
              setHeader((h) => ({ ...h, locationId: only?.length === 1 ? only[0] : only?.includes(h.locationId ?? -1) ? h.locationId : undefined }));
            }}
          >
            <option value="">{header.supplierId === undefined ? "Choose the supplier first" : vendors.isPending ? "Loading vendors…" : "Choose a vendor"}</option>
            {choices.map((v) => (
              <option key={v.vendorId} value={v.vendorId}>
                {v.name} ({v.vendorId})
              </option>
            ))}
          </select>
          {vendorRow && (
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300" data-testid="vendor-facts">
              Lead time {vendorRow.LeadTimeDays ?? "—"} days · picks up {vendorRow.PickupDates?.length ? vendorRow.PickupDates.join(", ") : "—"}
              {requiresBatchCodes ? " · batch codes required on every line" : ""}
            </p>
          )}
          {headerError("vendor_id")}
        </div>
        <div>
          <label htmlFor="po-to_location_id" className="block text-sm font-semibold">
            {HEADER_LABELS.to_location_id}
          </label>
          <select
            {...headerField("to_location_id")}
            value={header.locationId ?? ""}
            className={fieldClass(!!headerMessages.to_location_id, "mt-1 w-full")}
            onChange={(e) => setField("locationId", e.target.value ? Number(e.target.value) : undefined, "to_location_id")}
          >
            <option value="">{vendor ? "Choose a warehouse" : "Choose the vendor first"}</option>
            {(vendor?.locations ?? []).map((id) => (
              <option key={id} value={id}>
                {locationName(id)}
              </option>
            ))}
          </select>
          {headerError("to_location_id")}
        </div>
        <div>
          <label htmlFor="po-delivery_date" className="block text-sm font-semibold">
            {HEADER_LABELS.delivery_date}
          </label>
          <input
            {...headerField("delivery_date")}
            type="date"
            min={today}
            value={header.deliveryDate}
            className={fieldClass(!!headerMessages.delivery_date, "mt-1 w-full")}
            onChange={(e) => setField("deliveryDate", e.target.value, "delivery_date")}
          />
          {earliest && (
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
              Earliest with the vendor&apos;s lead time: {formatDay(earliest)}{" "}
              {header.deliveryDate !== earliest && (
                <button type="button" className="link text-xs" onClick={() => setField("deliveryDate", earliest, "delivery_date")}>
                  Use it
                </button>
              )}
            </p>
          )}
          {headerError("delivery_date")}
        </div>
        <div>
          <label htmlFor="po-po_num" className="block text-sm font-semibold">
            {HEADER_LABELS.po_num}
          </label>
          <input
            {...headerField("po_num")}
            value={header.poNum}
            autoComplete="off"
            maxLength={64}
            className={fieldClass(!!headerMessages.po_num, "mt-1 w-full")}
            onChange={(e) => setField("poNum", e.target.value, "po_num")}
          />
          <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">Unique for the vendor.</p>
          {headerError("po_num")}
        </div>
      </fieldset>

      <section aria-labelledby="po-lines" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="po-lines" className="text-lg font-semibold">
            Lines
          </h2>
          <p id={ids.total} className="text-sm tabular-nums" data-testid="po-totals">
            <strong>{used.length}</strong> of {MAX_LINE_ITEMS} lines · <strong>{cases.toLocaleString("en-US", { maximumFractionDigits: 2 })}</strong> cases
          </p>
        </div>
        {catalog.error && <RequestError error={catalog.error} onRetry={() => void catalog.refetch()} what="the supplier's catalog" />}
        {catalog.data && !catalog.data.complete && <p className="text-sm">The catalog has more than 2,000 products: the first 2,000 are offered; any other product can be entered by its id.</p>}
        {listMessages.map((m) => (
          <p key={m} className={FIELD_ERROR} role="alert">
            {m}
          </p>
        ))}
        {pasteReport && <PasteOutcome report={pasteReport} onDismiss={() => setPasteReport(undefined)} />}
        <LineGrid lines={lines} catalog={products} messages={messages} requiresBatchCodes={requiresBatchCodes} disabled={disabled} actions={actions} onPasteRows={paste} />
        <div className="flex flex-wrap items-start gap-2">
          <button
            type="button"
            className={BUTTON}
            disabled={disabled || used.length >= MAX_LINE_ITEMS}
            onClick={() => {
              const { lines: next, added } = lineList.addAfter(lines);
              focusAfter.current = { key: added, column: "product" };
              setLines(next);
            }}
          >
            Add a line
          </button>
          <PastePanel disabled={disabled || !products} onPaste={(text) => paste(text)} />
        </div>
      </section>

      <section aria-label="Check, save and submit" className="sticky bottom-0 z-10 -mx-1 space-y-3 border-t border-slate-300 bg-[var(--page-bg)] px-1 py-3 dark:border-slate-700">
        <div id={ids.status} role="status" aria-label="Purchase order status" className="text-sm">
          {busy === "validate" && "Checking with the API…"}
          {busy === "save" && "Saving…"}
          {busy === "submit" && "Submitting…"}
          {busy === "delete" && "Deleting…"}
          {!busy && validation && (
            <span className={validation.valid ? "font-semibold text-emerald-800 dark:text-emerald-300" : "font-semibold text-red-800 dark:text-red-300"}>
              {validation.valid
                ? `Valid: ready to submit, ${validation.totalCases.toLocaleString("en-US", { maximumFractionDigits: 2 })} cases.`
                : `Not ready to submit (${validation.totalCases.toLocaleString("en-US", { maximumFractionDigits: 2 })} cases): see the marked fields.`}
            </span>
          )}
          {!busy && notice?.tone === "ok" && <span className="font-semibold text-emerald-800 dark:text-emerald-300">{notice.text}</span>}
          {!busy && dirty && globalId && !notice && !validation && <span>Unsaved changes.</span>}
        </div>
        {notice?.tone === "error" && (
          <div role="alert" className="space-y-2 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
            <p>{notice.text}</p>
            {notice.existing && (
              <p>
                <Link className="link" href={`/purchases/${encodeURIComponent(notice.existing)}`}>
                  Open the purchase order that has it
                </Link>
              </p>
            )}
            {locked && globalId && (
              <p>
                <Link className="link" href={`/purchases/${encodeURIComponent(globalId)}`}>
                  Open its page
                </Link>
              </p>
            )}
            {notice.requestId && (
              <p>
                Request id <code className="font-mono">{notice.requestId}</code> <CopyButton text={notice.requestId} label="Copy request id" />
              </p>
            )}
            {notice.retry && (
              <button type="button" className={BUTTON} onClick={() => retry(notice.retry!)}>
                Try again
              </button>
            )}
          </div>
        )}
        {confirming ? (
          <div role="group" aria-label={confirming === "submit" ? "Confirm submitting" : "Confirm deleting"} className="space-y-2 rounded border border-slate-400 p-3 text-sm">
            <p>
              {confirming === "submit"
                ? `Submit ${header.poNum.trim()} to the distributor: ${used.length} ${used.length === 1 ? "line" : "lines"}, ${cases.toLocaleString("en-US", { maximumFractionDigits: 2 })} cases. A submitted order can no longer be edited or deleted.`
                : `Delete draft ${header.poNum.trim()}? It cannot be brought back.`}
            </p>
            <div className="flex gap-2">
              <button type="button" autoFocus className={confirming === "submit" ? PRIMARY : DANGER} onClick={confirming === "submit" ? onSubmit : onDelete}>
                {confirming === "submit" ? "Submit purchase order" : "Delete draft"}
              </button>
              <button type="button" className={BUTTON} onClick={() => setConfirming(undefined)}>
                {confirming === "submit" ? "Not yet" : "Keep it"}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON} disabled={disabled} onClick={onValidate}>
              Validate
            </button>
            <button type="button" className={BUTTON} disabled={disabled || (globalId !== undefined && !dirty)} onClick={onSave}>
              {globalId ? "Save changes" : "Save draft"}
            </button>
            <button
              type="button"
              className={PRIMARY}
              disabled={disabled}
              onClick={() => {
                if (ready("submit")) setConfirming("submit");
              }}
            >
              Submit…
            </button>
            {globalId && (
              <button type="button" className={BUTTON} disabled={disabled} onClick={() => setConfirming("delete")}>
                Delete draft…
              </button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
