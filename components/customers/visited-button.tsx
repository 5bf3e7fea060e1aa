"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Outcome } from "@/components/account/form-bits";
import { NOTES_KEY } from "@/lib/domain/notes/note-rules";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { noteFailure } from "@/lib/ui/notes/note-failure";
import { visitPosition } from "@/lib/ui/notes/visit-position";
import { writeNote } from "@/lib/ui/offline/outbox";
import { outboxChanged } from "@/lib/ui/offline/use-outbox";
import { BUTTON } from "@/lib/ui/styles";

interface VisitedButtonProps {
  customerId: number;
  /** The store's name, for the button's accessible name where several are on a page. */
  name: string;
  /** What the tap did, in words; and whether the visit was recorded or is waiting on the device (`queued`). */
  onOutcome: (outcome: Outcome, kept?: "recorded" | "queued") => void;
  /** A link-like button in a card's heading row (Today's stops), with what it says instead of "Visited". */
  compact?: { label: string };
}

/** Taps this soon after a visit was recorded are the same tap (a double tap whose first answer came back at once). */
const SAME_TAP_MS = 2_000;

/**
 * "Visited": the one tap that records a visit to the store, a note with no text (`POST /api/notes` with
 * `visited: true`), with the phone's position when the person has already allowed this site their location (the
 * store's place on the route plan is refined from it; this button never asks for it, and records the visit without it
 * when there is none within 5 s). Offline it waits on the device and is sent when the connection is back, as a note
 * does; a double tap makes one visit (one Idempotency-Key until the answer comes, and no new visit within 2 s of one
 * recorded, however fast the answer came).
 */
export function VisitedButton({ customerId, name, onOutcome, compact }: VisitedButtonProps) {
  const queryClient = useQueryClient();
  const sending = useRef(false);
  // When the last visit was recorded: a second tap of a double tap that comes after a fast answer is the same visit.
  const recordedAt = useRef(0);
  const [busy, setBusy] = useState(false);
  const visit = async () => {
    if (sending.current || Date.now() - recordedAt.current < SAME_TAP_MS) return;
    sending.current = true;
    setBusy(true);
    try {
      // The phone's position needs no connection: offline it waits with the visit.
      const position = await visitPosition();
      const outcome = await writeNote(sessionKeyStore(), {
        customerId,
        text: "",
        visited: true,
        ...(position ? { position } : {}),
      });
      if ("queued" in outcome) {
        outboxChanged();
        onOutcome(
          { tone: "ok", text: `Visit to ${name} saved on this device: it is sent when you are back online.` },
          "queued",
        );
      } else {
        recordedAt.current = Date.now();
        onOutcome({ tone: "ok", text: `Visit to ${name} recorded.` }, "recorded");
        await queryClient.invalidateQueries({ queryKey: NOTES_KEY });
      }
    } catch (failure) {
      onOutcome({ tone: "error", text: noteFailure(failure, "save") });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void visit()}
      aria-label={`Visited ${name}`}
      aria-disabled={busy}
      className={compact ? "link inline-flex min-h-11 items-center" : `${BUTTON} min-h-11`}
    >
      {busy ? "Recording…" : (compact?.label ?? "Visited")}
    </button>
  );
}
