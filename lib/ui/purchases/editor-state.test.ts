import { describe, expect, it } from "vitest";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import {
  type CatalogProduct,
  type DraftHeader,
  type DraftLine,
  emptyLine,
  isBlank,
} from "@/lib/domain/purchases/draft";
import {
  confirmingOf,
  type EditorEvent,
  editorReducer,
  type EditorState,
  initialEditorState,
  isDirty,
  isLocked,
  type Phase,
  readinessProblems,
  runningAction,
} from "./editor-state";
import type { SheetSource } from "./sheet-review";
import { confirmedEvent, sheetEvent } from "./sheet-rows";

// The editor's reducer: every transition of its phase, and what each event does to the lines, the marks, the
// notice and the focus. Pure: no DOM, no requests.

const HEADER: DraftHeader = {
  supplierId: 101,
  vendorId: 9002,
  locationId: 1,
  deliveryDate: "2027-01-04",
  poNum: "PO-1",
};

/** A filled-in, valid line (product 11, 2 cases). */
function line(key: string, changes: Partial<Omit<DraftLine, "key">> = {}): DraftLine {
  return { ...emptyLine(key), productId: 11, quantity: "2", ...changes };
}

/** A saved draft with two lines and a blank one to type in. */
function savedDraft(): EditorState {
  return initialEditorState("draft-1", HEADER, [line("a"), line("b"), emptyLine("blank")]);
}

function run(state: EditorState, ...events: EditorEvent[]): EditorState {
  return events.reduce(editorReducer, state);
}

const ALL_PHASES: Phase[] = [
  "editing",
  "confirming-submit",
  "confirming-delete",
  "validating",
  "saving",
  "submitting",
  "deleting",
  "submitted",
  "deleted",
  "locked",
];

describe("the phase", () => {
  it("opens editing, clean, with nothing marked", () => {
    const state = savedDraft();
    expect(state.phase).toBe("editing");
    expect(isDirty(state)).toBe(false);
    expect(state).toMatchObject({ checked: false, apiLines: [], apiHeader: {}, globalId: "draft-1" });
    // A new order is saved as nothing: a header typed into it is dirty, an empty line is not.
    const fresh = initialEditorState(undefined, { deliveryDate: "", poNum: "" }, [emptyLine("x")]);
    expect(isDirty(fresh)).toBe(false);
    expect(isDirty(run(fresh, { type: "header", field: "po_num", changes: { poNum: "PO-9" } }))).toBe(true);
  });

  it("names the action running, the confirmation shown and the ends", () => {
    expect(ALL_PHASES.map(runningAction)).toEqual([
      undefined,
      undefined,
      undefined,
      "validate",
      "save",
      "submit",
      "delete",
      undefined,
      undefined,
      undefined,
    ]);
    expect(ALL_PHASES.map(confirmingOf)).toEqual([
      undefined,
      "submit",
      "delete",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(ALL_PHASES.filter(isLocked)).toEqual(["submitted", "deleted", "locked"]);
  });

  it("starting an action runs it and clears the notice; finishing goes back to editing", () => {
    const failed = run(savedDraft(), {
      type: "refused",
      refusal: { notice: { tone: "error", text: "Down", retry: "save" } },
    });
    for (const [action, phase] of [
      ["validate", "validating"],
      ["save", "saving"],
      ["submit", "submitting"],
      ["delete", "deleting"],
    ] as const) {
      const started = run(failed, { type: "started", action });
      expect(started.phase).toBe(phase);
      expect(started.notice).toBeUndefined();
      expect(run(started, { type: "finished" }).phase).toBe("editing");
    }
  });

  it("asking to submit or delete shows a confirmation; cancelling or starting the action takes it away", () => {
    const asked = run(savedDraft(), { type: "confirm", what: "submit" });
    expect(asked.phase).toBe("confirming-submit");
    expect(run(asked, { type: "confirm-cancelled" }).phase).toBe("editing");
    expect(run(asked, { type: "started", action: "submit" }).phase).toBe("submitting");
    const deleting = run(savedDraft(), { type: "confirm", what: "delete" });
    expect(deleting.phase).toBe("confirming-delete");
    expect(run(deleting, { type: "started", action: "delete" }).phase).toBe("deleting");
    // The fields stay open while a confirmation shows: an edit keeps it.
    expect(run(asked, { type: "line-changed", key: "a", changes: { quantity: "3" } }).phase).toBe("confirming-submit");
  });

  it("no confirmation while an action runs or once the editor is locked", () => {
    for (const phase of ["validating", "saving", "submitting", "deleting", "submitted", "deleted", "locked"] as const) {
      const state = { ...savedDraft(), phase };
      expect(run(state, { type: "confirm", what: "delete" }).phase).toBe(phase);
      expect(run(state, { type: "confirm-cancelled" }).phase).toBe(phase);
    }
  });

  it("a submit or a delete ends the editor, saved (nothing left to lose), and finishing keeps that end", () => {
    const edited = run(savedDraft(), { type: "line-changed", key: "a", changes: { quantity: "5" } });
    expect(isDirty(edited)).toBe(true);
    const submitted = run(edited, { type: "started", action: "submit" }, { type: "submitted" }, { type: "finished" });
    expect(submitted.phase).toBe("submitted");
    expect(isDirty(submitted)).toBe(false);
    const deleted = run(edited, { type: "started", action: "delete" }, { type: "deleted" }, { type: "finished" });
    expect(deleted.phase).toBe("deleted");
    expect(isDirty(deleted)).toBe(false);
  });

  it("a refusal that says the purchase is no longer a draft locks it, still dirty; any other leaves it editing", () => {
    const edited = run(savedDraft(), { type: "line-changed", key: "a", changes: { quantity: "5" } });
    const notice = { tone: "error" as const, text: "no longer a draft" };
    const locked = run(
      edited,
      { type: "started", action: "save" },
      { type: "refused", refusal: { notice, lock: true } },
      { type: "finished" },
    );
    expect(locked.phase).toBe("locked");
    expect(locked.notice).toEqual(notice);
    expect(isDirty(locked)).toBe(true);
    const refused = run(
      edited,
      { type: "started", action: "save" },
      { type: "refused", refusal: { notice } },
      { type: "finished" },
    );
    expect(refused.phase).toBe("editing");
  });
});

describe("the editor's own checks", () => {
  it("no problems: checked from now on, nothing said", () => {
    const state = run(savedDraft(), { type: "checked", action: "save", problems: { header: [], lines: [] } });
    expect(state.checked).toBe(true);
    expect(state.notice).toBeUndefined();
    expect(state.focus).toBeUndefined();
  });

  it("problems are counted in the notice, for the action tried, and the first (header first) is focused", () => {
    const lines = [line("a", { productId: undefined }), line("b", { quantity: "" })];
    const state = initialEditorState(undefined, { ...HEADER, poNum: " " }, lines);
    const problems = readinessProblems("save", state.header, state.lines, {
      earliest: undefined,
      requiresBatchCodes: false,
    });
    const checked = run(state, { type: "checked", action: "save", problems });
    expect(checked.notice).toEqual({
      tone: "error",
      text: "3 things need fixing before the purchase order can be saved.",
    });
    expect(checked.focus).toEqual({ header: "po_num" });
    const linesOnly = readinessProblems("submit", HEADER, lines, { earliest: undefined, requiresBatchCodes: false });
    expect(run(state, { type: "checked", action: "submit", problems: linesOnly }).focus).toEqual({
      key: "a",
      column: "product",
    });
    const one = {
      header: [],
      lines: [{ field: "lines" as const, message: "A purchase order needs at least one line to be submitted" }],
    };
    const empty = run(state, { type: "checked", action: "validate", problems: one });
    expect(empty.notice?.text).toBe("1 thing needs fixing before the purchase order can be checked.");
    expect(empty.focus).toBeUndefined();
  });

  it("a missing batch code stops a submit but not a save; a submit needs a line", () => {
    const lines = [line("a"), emptyLine("blank")];
    const options = { earliest: undefined, requiresBatchCodes: true };
    expect(readinessProblems("save", HEADER, lines, options).lines).toEqual([]);
    expect(readinessProblems("submit", HEADER, lines, options).lines.map((p) => p.field)).toEqual(["batchCode"]);
    expect(readinessProblems("submit", HEADER, [emptyLine("x")], options).lines).toEqual([
      { field: "lines", message: "A purchase order needs at least one line to be submitted" },
    ]);
    expect(readinessProblems("save", HEADER, [emptyLine("x")], options).lines).toEqual([]);
  });

  it("the delivery date is held against the earliest day given, and not when none is", () => {
    const past = { ...HEADER, deliveryDate: "2020-01-01" };
    expect(
      readinessProblems("save", past, [line("a")], { earliest: "2026-11-22", requiresBatchCodes: false }).header.map(
        (p) => p.field,
      ),
    ).toEqual(["delivery_date"]);
    expect(
      readinessProblems("save", past, [line("a")], { earliest: undefined, requiresBatchCodes: false }).header,
    ).toEqual([]);
  });
});

describe("edits", () => {
  const marked = (): EditorState => ({
    ...savedDraft(),
    apiLines: [
      { key: "a", field: "quantity", message: "Too many" },
      { key: "b", field: "product", message: "Discontinued" },
    ],
    apiHeader: { po_num: "Taken", vendor_id: "Unknown" },
    validation: { valid: true, totalCases: 4 },
  });

  it("a header field drops its own API mark and the last validation, not the others'", () => {
    const state = run(marked(), { type: "header", field: "po_num", changes: { poNum: "PO-2" } });
    expect(state.header.poNum).toBe("PO-2");
    expect(state.apiHeader.po_num).toBeUndefined();
    expect(state.apiHeader.vendor_id).toBe("Unknown");
    expect(state.validation).toBeUndefined();
    expect(state.apiLines).toHaveLength(2);
  });

  it("a changed supplier unchooses the vendor and the warehouse", () => {
    const state = run(savedDraft(), {
      type: "header",
      field: "supplier_id",
      changes: { supplierId: 102, vendorId: undefined, locationId: undefined },
    });
    expect(state.header).toMatchObject({ supplierId: 102, vendorId: undefined, locationId: undefined });
  });

  it("a changed line drops its API marks and the validation, and keeps a blank line to type in", () => {
    const state = run(marked(), { type: "line-changed", key: "a", changes: { quantity: "3" } });
    expect(state.apiLines.map((p) => p.key)).toEqual(["b"]);
    expect(state.validation).toBeUndefined();
    const typedIntoBlank = run(state, { type: "line-changed", key: "blank", changes: { productId: 12 } });
    expect(typedIntoBlank.lines).toHaveLength(4);
    expect(isBlank(typedIntoBlank.lines[3]!)).toBe(true);
  });

  it("Enter on a line goes to the blank line after it, or adds one, focusing its product; at the limit it does nothing", () => {
    const toBlank = run(savedDraft(), { type: "line-added-after", key: "b" });
    expect(toBlank.lines).toHaveLength(3);
    expect(toBlank.focus).toEqual({ key: "blank", column: "product" });
    const added = run(savedDraft(), { type: "line-added-after", key: "a" });
    expect(added.lines).toHaveLength(4);
    expect(added.lines[1]!.key).toBe(added.focus && "key" in added.focus ? added.focus.key : "none");
    // Not a change to what is sent: the validation stays.
    expect(
      run({ ...savedDraft(), validation: { valid: true, totalCases: 4 } }, { type: "line-added-after", key: "a" })
        .validation,
    ).toBeDefined();
    const full = initialEditorState(
      "d",
      HEADER,
      Array.from({ length: MAX_LINE_ITEMS }, (_, i) => line(`l${i}`)),
    );
    expect(run(full, { type: "line-added-after", key: "l3" })).toBe(full);
  });

  it("a duplicated line comes right after it, focused; at the limit none is added", () => {
    const state = run(savedDraft(), { type: "line-duplicated", key: "a" });
    expect(state.lines).toHaveLength(4);
    expect(state.lines[1]).toMatchObject({ productId: 11, quantity: "2" });
    expect(state.focus).toEqual({ key: state.lines[1]!.key, column: "product" });
    const full = initialEditorState(
      "d",
      HEADER,
      Array.from({ length: MAX_LINE_ITEMS }, (_, i) => line(`l${i}`)),
    );
    expect(run(full, { type: "line-duplicated", key: "l3" }).lines).toHaveLength(MAX_LINE_ITEMS);
  });

  it("a removed line takes its marks along; the focus goes to the line now in its place", () => {
    const state = run(marked(), { type: "line-removed", key: "a" });
    expect(state.lines.map((l) => l.key)).toEqual(["b", "blank"]);
    expect(state.apiLines.map((p) => p.key)).toEqual(["b"]);
    expect(state.focus).toEqual({ key: "b", column: "product" });
    expect(state.validation).toBeUndefined();
    const last = run(savedDraft(), { type: "line-removed", key: "blank" });
    expect(last.focus).toEqual({ key: "b", column: "product" });
  });

  it("Add a line adds one at the end and focuses it", () => {
    const state = run(savedDraft(), { type: "line-added" });
    expect(state.lines).toHaveLength(4);
    expect(state.focus).toEqual({ key: state.lines[3]!.key, column: "product" });
  });

  it("the focus, once given, is forgotten", () => {
    const state = run(savedDraft(), { type: "line-added" }, { type: "focused" });
    expect(state.focus).toBeUndefined();
    const none = savedDraft();
    expect(run(none, { type: "focused" })).toBe(none);
  });
});

describe("a spreadsheet's rows", () => {
  const catalog: CatalogProduct[] = [
    { productId: 11, name: "Eleven", supplierProductNumber: "SKU-11", unitsPerCase: 10 },
    { productId: 12, name: "Twelve", supplierProductNumber: "SKU-12", unitsPerCase: 6 },
  ];
  const used = (state: EditorState) => state.lines.filter((l) => !isBlank(l));
  /** What the editor does with a sheet's text, as the page sends it (sheet-rows.ts reads it). */
  const read = (state: EditorState, text: string, source: SheetSource = { kind: "paste" }) =>
    run(state, sheetEvent(text, source, catalog, used(state).length));
  const confirm = (state: EditorState) => {
    const event = confirmedEvent(state.sheet!, used(state).length);
    return event ? run(state, event) : state;
  };

  it("are reviewed first: nothing is added until every row is settled and the person confirms", () => {
    const before = { ...savedDraft(), validation: { valid: true, totalCases: 4 } };
    const opened = read(before, "SKU-12\t3\nNOPE\t1");
    expect(opened.lines).toBe(before.lines);
    expect(opened.sheet?.rows.map((r) => r.match.status)).toEqual(["matched", "unmatched"]);
    // A row still waits: there is nothing to confirm.
    expect(confirm(opened)).toBe(opened);
    const chosen = confirm(run(opened, { type: "review", event: { type: "product-chosen", line: 2, productId: 11 } }));
    expect(used(chosen).map((l) => [l.productId, l.quantity])).toEqual([
      [11, "2"],
      [11, "2"],
      [12, "3"],
      [11, "1"],
    ]);
    expect(isBlank(chosen.lines.at(-1)!)).toBe(true);
    expect(chosen.sheet).toBeUndefined();
    expect(chosen.validation).toBeUndefined();
    expect(chosen.sheetReport).toEqual({ tone: "ok", text: "2 lines added from the sheet." });
    expect(run(chosen, { type: "sheet-report-dismissed" }).sheetReport).toBeUndefined();
  });

  it("a row left out is not added, and the report counts it", () => {
    const opened = read(savedDraft(), "SKU-12\t3\nN/A\t1", { kind: "upload", fileName: "po.csv" });
    const state = confirm(run(opened, { type: "review", event: { type: "left-out", line: 2, leftOut: true } }));
    expect(used(state).map((l) => l.productId)).toEqual([11, 11, 12]);
    expect(state.sheetReport?.text).toBe("1 line added from the sheet; 1 row left out.");
  });

  it("Cancel leaves the order as it was", () => {
    const before = savedDraft();
    const cancelled = run(read(before, "SKU-12\t3"), { type: "review-cancelled" });
    expect(cancelled.sheet).toBeUndefined();
    expect(cancelled.lines).toBe(before.lines);
    expect(isDirty(cancelled)).toBe(false);
  });

  it("pasted into a line's field and all ready, they go straight in at that line", () => {
    const state = read(savedDraft(), "SKU-12\t3", { kind: "line", at: "a" });
    expect(state.sheet).toBeUndefined();
    expect(state.lines.map((l) => l.productId)).toEqual([11, 12, 11, undefined]);
    expect(state.sheetReport?.text).toBe("1 line added from the sheet.");
  });

  it("pasted into a line's field while a review is open: all ready, they go in and the review stays; else a new review takes its place", () => {
    const opened = run(read(savedDraft(), "SKU-12\t3\nNOPE\t1"), {
      type: "review",
      event: { type: "left-out", line: 2, leftOut: true },
    });
    const direct = read(opened, "SKU-11\t5", { kind: "line", at: "blank" });
    expect(used(direct).map((l) => l.quantity)).toEqual(["2", "2", "5"]);
    expect(direct.sheet).toBe(opened.sheet);
    const again = read(opened, "SKU-11\t5\nNOPE\t1", { kind: "line", at: "blank" });
    expect(again.sheet?.source).toEqual({ kind: "line", at: "blank" });
    expect(again.sheet?.decisions).toEqual({});
  });

  it("pasted into a line's field with a row to settle, they are reviewed, and go at that line once confirmed", () => {
    const opened = read(savedDraft(), "SKU-12\t3\nSKU-99\t1", { kind: "line", at: "a" });
    expect(opened.sheet).toBeDefined();
    const state = confirm(run(opened, { type: "review", event: { type: "left-out", line: 2, leftOut: true } }));
    expect(state.lines.map((l) => l.productId)).toEqual([11, 12, 11, undefined]);
  });

  it("lines that would pass the 200-line limit are not added (they go as several drafts, or not at all to a saved one)", () => {
    const full = initialEditorState(
      undefined,
      HEADER,
      Array.from({ length: MAX_LINE_ITEMS - 1 }, (_, i) => line(`l${i}`)),
    );
    const opened = read(full, "SKU-12\t3\nSKU-11\t1", { kind: "line", at: "l0" });
    expect(opened.sheet?.rows).toHaveLength(2);
    expect(confirm(opened)).toBe(opened);
    // Even sent as they are, the reducer takes none.
    const added = run(opened, {
      type: "sheet-lines-added",
      lines: [line("x"), line("y")],
      leftOut: 0,
      confirmed: true,
    });
    expect(added).toBe(opened);
  });

  it("while its drafts are made, the review takes no decision and cannot be cancelled; then the order's lines are saved in them", () => {
    const opened = read(initialEditorState(undefined, HEADER, [line("a"), emptyLine("z")]), "SKU-12\t3", {
      kind: "upload",
      fileName: "po.csv",
    });
    const drafting = run(
      { ...opened, notice: { tone: "error", text: "1 thing needs fixing before the purchase order can be saved." } },
      { type: "review-drafting", running: true },
    );
    expect(drafting.notice).toBeUndefined();
    expect(run(drafting, { type: "review", event: { type: "left-out", line: 1, leftOut: true } })).toBe(drafting);
    expect(run(drafting, { type: "review-cancelled" })).toBe(drafting);
    expect(run(drafting, { type: "sheet-lines-added", lines: [line("x")], leftOut: 0, confirmed: true })).toBe(
      drafting,
    );
    expect(run(drafting, { type: "sheet-opened", review: opened.sheet! })).toBe(drafting);
    const drafted = run(drafting, { type: "sheet-drafted" }, { type: "review-drafting", running: false });
    expect(drafted.lines.every(isBlank)).toBe(true);
    expect(isDirty(drafted)).toBe(false);
    expect(run(drafted, { type: "review-cancelled" }).sheet).toBeUndefined();
  });

  it("a sheet that cannot be read changes nothing but the report", () => {
    const before = { ...savedDraft(), validation: { valid: true, totalCases: 4 } };
    const state = run(before, {
      type: "sheet-report",
      report: { tone: "error", text: "The sheet has no rows to add." },
    });
    expect(state.lines).toBe(before.lines);
    expect(state.sheet).toBeUndefined();
    expect(state.validation).toBeDefined();
    expect(state.sheetReport).toEqual({ tone: "error", text: "The sheet has no rows to add." });
  });
});

describe("answers", () => {
  it("Validate's answer: its problems on the lines (counting only lines sent), the first focused when not valid", () => {
    const state = initialEditorState("d", HEADER, [line("a"), emptyLine("gap"), line("b")]);
    const answered = run(state, {
      type: "validated",
      valid: false,
      totalCases: 4,
      errors: [{ field: "purchase_transactions[1].batch_code", detail: "Batch code required" }],
      requiresBatchCodes: true,
    });
    expect(answered.validation).toEqual({ valid: false, totalCases: 4 });
    expect(answered.apiLines).toEqual([{ key: "b", field: "batchCode", message: "Batch code required" }]);
    expect(answered.focus).toEqual({ key: "b", column: "batchCode" });
    // Not valid, no field named: the editor's own first problem is focused.
    const own = run(state, { type: "validated", valid: false, totalCases: 4, errors: [], requiresBatchCodes: true });
    expect(own.focus).toEqual({ key: "a", column: "batchCode" });
    const valid = run(state, { type: "validated", valid: true, totalCases: 4, errors: [], requiresBatchCodes: false });
    expect(valid.validation).toEqual({ valid: true, totalCases: 4 });
    expect(valid.focus).toBeUndefined();
  });

  it("a saved draft meeting its own PO number at Validate is valid by the editor's own checks, marks untouched", () => {
    const state = { ...savedDraft(), apiLines: [{ key: "a", field: "product" as const, message: "old" }] };
    const valid = run(state, { type: "validated-own-number", totalCases: 4, requiresBatchCodes: false });
    expect(valid.validation).toEqual({ valid: true, totalCases: 4 });
    expect(valid.apiLines).toBe(state.apiLines);
    expect(
      run(state, { type: "validated-own-number", totalCases: 4, requiresBatchCodes: true }).validation?.valid,
    ).toBe(false);
    const empty = initialEditorState("d", HEADER, [emptyLine("x")]);
    expect(
      run(empty, { type: "validated-own-number", totalCases: 0, requiresBatchCodes: false }).validation?.valid,
    ).toBe(false);
  });

  it("a first save names the draft; saved, the editor is clean, its marks gone, and it says so", () => {
    const fresh = initialEditorState(undefined, HEADER, [line("a"), emptyLine("blank")]);
    expect(isDirty(fresh)).toBe(true);
    const marked = {
      ...fresh,
      apiLines: [{ key: "a", field: "product" as const, message: "x" }],
      apiHeader: { po_num: "y" },
    };
    const saved = run(
      marked,
      { type: "started", action: "save" },
      { type: "created", id: "new-id" },
      { type: "saved", announce: "created" },
      { type: "finished" },
    );
    expect(saved).toMatchObject({
      phase: "editing",
      globalId: "new-id",
      apiLines: [],
      apiHeader: {},
      savedDelivery: HEADER.deliveryDate,
    });
    expect(isDirty(saved)).toBe(false);
    expect(saved.notice).toEqual({
      tone: "ok",
      text: "Draft saved. It is kept by the API: edit, submit or delete it from here or from Purchases.",
    });
    const again = run(
      { ...saved, header: { ...saved.header, deliveryDate: "2027-02-01" } },
      { type: "saved", announce: "updated" },
    );
    expect(again.notice?.text).toBe("Draft saved.");
    expect(again.savedDelivery).toBe("2027-02-01");
    // Saved on the way to a submit: nothing said.
    expect(run(marked, { type: "started", action: "submit" }, { type: "saved" }).notice).toBeUndefined();
  });

  it("a refusal's marks replace the editor's; a failure with no answer leaves them", () => {
    const state = {
      ...savedDraft(),
      apiHeader: { vendor_id: "old" },
      apiLines: [{ key: "a", field: "product" as const, message: "old" }],
    };
    const fields = {
      lines: [{ key: "b", field: "quantity" as const, message: "Too many" }],
      header: {},
      focus: { key: "b", column: "quantity" as const },
    };
    const marked = run(state, { type: "refused", refusal: { notice: { tone: "error", text: "Refused" }, fields } });
    expect(marked).toMatchObject({ apiLines: fields.lines, apiHeader: {}, focus: fields.focus });
    const noAnswer = run(state, {
      type: "refused",
      refusal: { notice: { tone: "error", text: "Something went wrong", retry: "save" } },
    });
    expect(noAnswer.apiLines).toBe(state.apiLines);
    expect(noAnswer.apiHeader).toBe(state.apiHeader);
    expect(noAnswer.notice?.retry).toBe("save");
  });
});

describe("a saved draft reopened in the unit it was entered in", () => {
  /** A saved draft as the API gives it back: every line in units (5 cases of product 11, 8 a case, and 7 units). */
  const reopened = () =>
    initialEditorState("draft-1", HEADER, [
      line("a", { kind: "units", quantity: "40" }),
      line("b", { kind: "units", quantity: "7" }),
      emptyLine("blank"),
    ]);
  const sizes = { type: "case-sizes", unitsPerCase: new Map([[11, 8]]) } as const;

  it("reads whole cases as cases once the case sizes come, and stays saved: nothing changed for the API", () => {
    const state = run(reopened(), sizes);
    expect(state.lines.map((l) => `${l.quantity} ${l.kind}`)).toEqual(["5 cases", "7 units", " cases"]);
    expect(isDirty(state)).toBe(false);
  });

  it("does it once, and not to a line the person changed meanwhile", () => {
    const edited = run(reopened(), { type: "line-changed", key: "a", changes: { quantity: "48" } }, sizes);
    expect(edited.lines[0]).toMatchObject({ kind: "units", quantity: "48" });
    const twice = run(reopened(), sizes, { type: "line-changed", key: "b", changes: { quantity: "16" } }, sizes);
    expect(twice.lines[1]).toMatchObject({ kind: "units", quantity: "16" });
  });

  it("leaves a new order's lines as typed", () => {
    const fresh = initialEditorState(undefined, HEADER, [line("a", { kind: "units", quantity: "40" })]);
    expect(run(fresh, sizes).lines[0]).toMatchObject({ kind: "units", quantity: "40" });
  });
});
