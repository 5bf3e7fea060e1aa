"use client";

import { useEffect, useRef, useState } from "react";
import { BUTTON, DANGER } from "@/lib/ui/styles";
import { BusyButton } from "./form-bits";

interface ConfirmButtonProps {
  /** The first button: "Remove". */
  label: string;
  /**
   * The first button's accessible name where the label alone does not say what it acts on (a row's "Remove"): "Remove
   * Ana Ruiz". It begins with the label, so a person who says what they see ("click Remove") still finds it.
   */
  name?: string;
  /** What it asks, naming what goes: "Remove the key “Brand ops” (…abcd)? Everyone stops using it at once." */
  question: string;
  /** The confirming button: "Remove the key". */
  confirmLabel: string;
  busyLabel: string;
  /** The answer that changes nothing ("Cancel" unless the action is itself a cancelling). */
  dismissLabel?: string;
  busy: boolean;
  /** The work; the question closes when it ends (the page says how it went, and where the focus goes). */
  onConfirm: () => Promise<void>;
  /** Not offered (with the reason said elsewhere on the row). */
  disabled?: boolean;
  /** The first button's look (a secondary button by default). */
  className?: string;
}

/**
 * A destructive action asked twice, in place: the question and its two answers replace the button, the focus goes to
 * Cancel (the safe answer: Enter does no harm), and Escape or Cancel put things back and the focus on the button. Once
 * the work ends the question closes; the page's status says how it went.
 */
export function ConfirmButton({
  label,
  name,
  question,
  confirmLabel,
  busyLabel,
  dismissLabel = "Cancel",
  busy,
  onConfirm,
  disabled,
  className = BUTTON,
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (cancelled.current) trigger.current?.focus();
    cancelled.current = false;
  }, [asking]);
  const close = () => {
    if (busy) return;
    cancelled.current = true;
    setAsking(false);
  };
  if (!asking) {
    return (
      <button
        ref={trigger}
        type="button"
        disabled={disabled}
        onClick={() => setAsking(true)}
        className={className}
        aria-label={name}
      >
        {label}
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label={question}
      className="flex flex-wrap items-center gap-2"
      onKeyDown={(e) => e.key === "Escape" && close()}
    >
      <span className="text-sm">{question}</span>
      <BusyButton
        type="button"
        busy={busy}
        busyLabel={busyLabel}
        onClick={() => void onConfirm().finally(() => setAsking(false))}
        className={DANGER}
      >
        {confirmLabel}
      </BusyButton>
      <button ref={cancel} type="button" onClick={close} className={BUTTON}>
        {dismissLabel}
      </button>
    </div>
  );
}
