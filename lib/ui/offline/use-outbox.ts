"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { NOTES_KEY } from "@/lib/domain/notes/note-rules";
import { hasDatabase, OUTBOX_DATABASE } from "./device-databases";
import type { QueuedNote, QueuedWrite } from "./outbox";

/**
 * The queries a waiting write (an acknowledgment, a dispute's photo, a collection recorded at the door) changes:
 * Today's answer, the lists, the disputes, the accounts' recorded collections.
 */
const WRITES_CHANGE = [
  ["backroom", "today"],
  ["backroom", "order-list"],
  ["backroom", "disputes"],
  ["backroom", "collected"],
] as const;

/** Told on the window whenever the outbox changes (a note queued, notes sent). */
export const OUTBOX_CHANGED = "backroom:outbox";

/** Says the outbox changed, to every page component that shows it. */
export const outboxChanged = () => window.dispatchEvent(new Event(OUTBOX_CHANGED));

/**
 * Sends the notes and writes waiting on the device when a dashboard page opens and whenever the browser comes back
 * online, then has what they changed read again. Drawn once, by the dashboard's providers.
 */
export function useOutboxSender(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let running = false;
    const send = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        // Only where notes were ever queued (no empty database for everyone else), and its code loaded only then.
        if (!(await hasOutbox())) return;
        const { flushOutbox, queuedPhotos, queuedWrites } = await import("./outbox");
        const writes = (await queuedWrites()).length + (await queuedPhotos()).length;
        const { sent, refused } = await flushOutbox();
        if (sent + refused > 0) {
          outboxChanged();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: NOTES_KEY }),
            ...(writes ? WRITES_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey })) : []),
          ]);
        }
      } catch {
        // The device's storage refused (private mode): nothing was queued there either.
      } finally {
        running = false;
      }
    };
    void send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [queryClient]);
}

/** Whether a note was queued on this device since it was last cleared (its database is there). */
const hasOutbox = () => hasDatabase(OUTBOX_DATABASE);

/** The notes waiting on the device, for one customer or all, kept current as the outbox changes. */
export function useQueuedNotes(customerId?: number): QueuedNote[] {
  const [notes, setNotes] = useState<QueuedNote[]>([]);
  const read = useCallback(() => {
    void hasOutbox()
      .then(async (has) => (has ? (await import("./outbox")).queuedNotes() : []))
      .then((all) => setNotes(customerId === undefined ? all : all.filter((n) => n.customerId === customerId)));
  }, [customerId]);
  useEffect(() => {
    read();
    window.addEventListener(OUTBOX_CHANGED, read);
    return () => window.removeEventListener(OUTBOX_CHANGED, read);
  }, [read]);
  return notes;
}

/**
 * The writes waiting on the device (an acknowledgment pressed offline), kept current as the outbox changes. A page
 * that imports the outbox itself passes its `queuedWrites`, so the list is read offline too where the browser could not
 * load the outbox's code then (no service worker to answer it).
 */
export function useQueuedWrites(
  read: () => Promise<QueuedWrite[]> = async () => (await import("./outbox")).queuedWrites(),
): QueuedWrite[] {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  const refresh = useCallback(() => {
    void hasOutbox()
      .then((has) => (has ? read() : []))
      .then(setWrites, () => undefined);
  }, [read]);
  useEffect(() => {
    refresh();
    window.addEventListener(OUTBOX_CHANGED, refresh);
    return () => window.removeEventListener(OUTBOX_CHANGED, refresh);
  }, [refresh]);
  return writes;
}
