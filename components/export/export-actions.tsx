"use client";

import type { Ref } from "react";
import type { ExportPlan } from "@/lib/export/plan";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import type { Phase } from "./export-status";

interface ExportActionsProps {
  phase: Phase;
  /** The button that has the focus in each step. */
  primaryRef: Ref<HTMLButtonElement>;
  onClose: () => void;
  onStart: (plan: ExportPlan) => void;
  onCancel: () => void;
}

/** The dialog's buttons for its step: cancel while counting, start once counted, cancel while running, then close. */
export function ExportActions({ phase, primaryRef, onClose, onStart, onCancel }: ExportActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {phase.step === "planning" && (
        <button ref={primaryRef} type="button" onClick={onClose} className={BUTTON}>
          Cancel
        </button>
      )}
      {phase.step === "ready" && (
        <>
          <button type="button" onClick={onClose} className={BUTTON}>
            Cancel
          </button>
          <button ref={primaryRef} type="button" onClick={() => onStart(phase.plan)} className={PRIMARY}>
            Start export
          </button>
        </>
      )}
      {phase.step === "running" && (
        <button ref={primaryRef} type="button" onClick={onCancel} className={BUTTON}>
          Cancel export
        </button>
      )}
      {(phase.step === "done" || phase.step === "cancelled" || phase.step === "failed") && (
        <button ref={primaryRef} type="button" onClick={onClose} className={PRIMARY}>
          Close
        </button>
      )}
    </div>
  );
}
