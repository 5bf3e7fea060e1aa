"use client";

import type { PurchaseEditorModel } from "@/lib/ui/purchases/use-purchase-editor";
import { BUTTON, DANGER, PRIMARY } from "@/lib/ui/styles";
import { casesText } from "@/lib/domain/purchases/fields";
import { plural } from "@/lib/format/plural";

/**
 * The editor's buttons: Validate, Save, Submit… and (for a saved draft) Delete draft…; Submit and Delete ask first,
 * the confirmation taking the buttons' place and the focus.
 */
export function ActionBar({ editor }: { editor: PurchaseEditorModel }) {
  const { confirming, disabled, dirty, dispatch, header, used, cases } = editor;
  const saved = editor.state.globalId !== undefined;
  if (confirming) {
    const submit = confirming === "submit";
    return (
      <div
        role="group"
        aria-label={submit ? "Confirm submitting" : "Confirm deleting"}
        className="space-y-2 rounded border border-slate-400 p-3 text-sm"
      >
        <p>
          {submit
            ? `Submit ${header.poNum.trim()} to the distributor: ${plural(used.length, "line")}, ${plural(casesText(cases), "case")}. A submitted order can no longer be edited or deleted.`
            : `Delete draft ${header.poNum.trim()}? It cannot be brought back.`}
        </p>
        <div className="flex gap-2">
          <button type="button" autoFocus className={submit ? PRIMARY : DANGER} onClick={editor.confirm}>
            {submit ? "Submit purchase order" : "Delete draft"}
          </button>
          <button type="button" className={BUTTON} onClick={() => dispatch({ type: "confirm-cancelled" })}>
            {submit ? "Not yet" : "Keep it"}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={BUTTON} disabled={disabled} onClick={editor.validate}>
        Validate
      </button>
      <button type="button" className={BUTTON} disabled={disabled || (saved && !dirty)} onClick={editor.save}>
        {saved ? "Save changes" : "Save draft"}
      </button>
      <button type="button" className={PRIMARY} disabled={disabled} onClick={editor.askSubmit}>
        Submit…
      </button>
      {saved && (
        <button
          type="button"
          className={BUTTON}
          disabled={disabled}
          onClick={() => dispatch({ type: "confirm", what: "delete" })}
        >
          Delete draft…
        </button>
      )}
    </div>
  );
}
