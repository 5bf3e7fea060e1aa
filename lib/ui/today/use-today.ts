"use client";

import { type QueryKey, useQuery } from "@tanstack/react-query";
import type { NoteJson } from "@/lib/domain/notes/note-rules";
import { todayNotesOf } from "@/lib/domain/today/today-data";
import { lastVisits } from "@/lib/domain/today/visits";
import { notesQueryOptions } from "@/lib/ui/notes/notes-query";
import { todayQueryOptions } from "./today-query";

/**
 * What a rep's Today reads, in the browser: its one compact answer (`GET /api/today`; the server prefetched it, the
 * browser hydrates it, or the device's kept week has it) and the accounts' latest visit notes (Backroom's own, no
 * request to the API). `today` is the day the answer is asked for (the invoices' StartDate): the viewer's, or offline
 * the day the kept week was saved. `lastVisits`, each account's last visit's day on `timeZone`'s clock (`visits.ts`),
 * is undefined until the notes have come: no account reads as "not visited" for want of its notes.
 */
export function useToday(repId: number, today: string, timeZone = "UTC") {
  const answer = useQuery(todayQueryOptions(repId, today));
  const data = answer.data;
  const ids = data?.accountIds ?? [];
  const notesOf = todayNotesOf(ids);
  const notes = useQuery({ ...notesQueryOptions(notesOf), enabled: ids.length > 0 });
  const notesByCustomer = new Map<number, NoteJson[]>();
  for (const note of notes.data?.notes ?? [])
    notesByCustomer.set(note.customerId, [...(notesByCustomer.get(note.customerId) ?? []), note]);
  // What "Save for offline" keeps: Today's answer and the notes.
  const queryKeys: QueryKey[] = [todayQueryOptions(repId, today).queryKey, notesQueryOptions(notesOf).queryKey];
  return {
    answer,
    rep: data?.repName !== undefined ? { Name: data.repName } : undefined,
    unknownRep: data !== undefined && data.repName === undefined,
    ids,
    input: data?.input,
    health: data?.health,
    customerRecords: data?.input.customers,
    notesByCustomer,
    lastVisits: notes.data ? lastVisits(notes.data.notes, timeZone) : undefined,
    queryKeys,
    asOf: data?.readAt,
  };
}
