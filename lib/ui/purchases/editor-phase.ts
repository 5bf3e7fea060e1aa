/** Where the purchase-order editor is: the actions a person asks of the API and the phases they run the editor through. */

/** What a person asks of the API: each runs alone, and a failure with no settled answer may be tried again. */
export type EditorAction = "validate" | "save" | "submit" | "delete";

/**
 * Where the editor is. `editing`: fields and buttons open. `confirming-submit` and `confirming-delete`: the same, with
 * the confirmation shown in place of the buttons. `validating`, `saving`, `submitting`, `deleting`: one action runs,
 * and everything is disabled until it is over. `submitted` and `deleted`: done, the page is on its way elsewhere.
 * `locked`: the API says the purchase is no longer a draft (409), so nothing can change it any more.
 */
export type Phase =
  | "editing"
  | "confirming-submit"
  | "confirming-delete"
  | "validating"
  | "saving"
  | "submitting"
  | "deleting"
  | "submitted"
  | "deleted"
  | "locked";

/** The phase each action runs in. */
export const RUNNING: Record<EditorAction, Phase> = {
  validate: "validating",
  save: "saving",
  submit: "submitting",
  delete: "deleting",
};

/** The action running in a phase, if one is. */
export function runningAction(phase: Phase): EditorAction | undefined {
  return (Object.keys(RUNNING) as EditorAction[]).find((action) => RUNNING[action] === phase);
}

/** Whether the editor can no longer change the purchase (submitted, deleted or no longer a draft). */
export function isLocked(phase: Phase): boolean {
  return phase === "submitted" || phase === "deleted" || phase === "locked";
}

/** The confirmation shown, if any. */
export function confirmingOf(phase: Phase): "submit" | "delete" | undefined {
  return phase === "confirming-submit" ? "submit" : phase === "confirming-delete" ? "delete" : undefined;
}
