"use client";

import { useState } from "react";
import type { Outcome } from "@/components/account/form-bits";
import { VisitedButton } from "@/components/customers/visited-button";

/**
 * "Visited" on a card of today's stops, beside its directions: one tap records the visit (`VisitedButton`). Online the
 * card's last-visit line then says it (the notes are read again); what the tap did is said on the button ("Visited ✓",
 * "Saved offline", "Not recorded: retry") and in full to a screen reader.
 */
export function CardVisited({ customerId, name }: { customerId: number; name: string }) {
  const [outcome, setOutcome] = useState<{ said: Outcome; kept?: "recorded" | "queued" }>();
  const label =
    outcome === undefined
      ? "Visited"
      : outcome.kept === "queued"
        ? "Saved offline"
        : outcome.kept === "recorded"
          ? "Visited ✓"
          : "Not recorded: retry";
  return (
    <>
      <VisitedButton
        customerId={customerId}
        name={name}
        onOutcome={(said, kept) => setOutcome({ said, kept })}
        compact={{ label }}
      />
      <span role="status" className="sr-only">
        {outcome?.said.text}
      </span>
    </>
  );
}
