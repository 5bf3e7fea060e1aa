"use client";

import type { NoteJson } from "@/lib/domain/notes/note-rules";
import type { AccountCard as Card } from "@/lib/domain/today/today";
import { AccountCard, type CardKind } from "./account-card";

/** Today's grid of cards: one column on a phone, two or three on a desk. */
export const TODAY_GRID = "grid gap-2 sm:grid-cols-2 sm:gap-3 xl:grid-cols-3";

/** A customer's last note, if it has one. */
export type LastNote = (customerId: number) => NoteJson | undefined;

interface TodayCardsProps {
  cards: Card[];
  lastNote: LastNote;
  /** What each card says: see `AccountCard`. */
  kind?: CardKind;
  /** Each card's rhythm (the "Due to reorder" section's): see `AccountCard`. */
  rhythm?: boolean;
}

/** Accounts as cards, each with its last note. */
export function TodayCards({ cards, lastNote, kind, rhythm }: TodayCardsProps) {
  return (
    <ul className={TODAY_GRID}>
      {cards.map((card) => (
        <li key={card.customerId} className="min-w-0">
          <AccountCard card={card} note={lastNote(card.customerId)} kind={kind} rhythm={rhythm} />
        </li>
      ))}
    </ul>
  );
}
