"use client";

import type { NoteJson } from "@/lib/domain/notes/note-rules";
import type { AccountCard as Card } from "@/lib/domain/today/today";
import { AccountCard } from "./account-card";
import { useFold } from "./today-section";

/** Today's grid of cards: one column on a phone, two or three on a desk. */
export const TODAY_GRID = "grid gap-3 sm:grid-cols-2 xl:grid-cols-3";

/** A customer's last note, if it has one. */
export type LastNote = (customerId: number) => NoteJson | undefined;

interface TodayCardsProps {
  cards: Card[];
  lastNote: LastNote;
  /** Two lines a card (a section that is not a stop): see `AccountCard`. */
  compact?: boolean;
}

/** Accounts as cards, each with its last note. */
export function TodayCards({ cards, lastNote, compact = false }: TodayCardsProps) {
  return (
    <ul className={TODAY_GRID}>
      {cards.map((card) => (
        <li key={card.customerId}>
          <AccountCard card={card} note={lastNote(card.customerId)} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

/** A section's cards folded to the first five, with "Show all N …" (`what`) below them. */
export function FoldedCards({ cards, lastNote, what, compact }: TodayCardsProps & { what: string }) {
  const fold = useFold(cards.length, what);
  return (
    <>
      <TodayCards cards={cards.slice(0, fold.limit)} lastNote={lastNote} compact={compact} />
      {fold.button}
    </>
  );
}
