"use client";

import { useEffect, useState } from "react";

/** A request sent from the payments page, watched until the ERP settles it. */
export interface Watched {
  requestId: number;
  paymentNum: string;
}

/**
 * The requests sent from this tab for an account and not yet seen settled, kept in sessionStorage so that a reload
 * goes on following them (forgotten there once all have settled). Read after the first render (the server's render
 * knows none).
 */
export function useWatched(account: number): [Watched[], (update: (w: Watched[]) => Watched[]) => void, () => void] {
  const storageKey = `backroom.watching.${account}`;
  const [watching, setWatching] = useState<Watched[]>([]);
  useEffect(() => {
    try {
      const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? "[]") as unknown;
      if (!Array.isArray(stored)) return;
      const kept = stored.filter(
        (w): w is Watched => typeof w?.requestId === "number" && typeof w?.paymentNum === "string",
      );
      // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, after hydration.
      setWatching(kept);
    } catch {
      // Storage refused or unreadable: follow what this page sends.
    }
  }, [storageKey]);
  const update = (change: (w: Watched[]) => Watched[]) =>
    setWatching((current) => {
      const next = change(current);
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Kept in memory only.
      }
      return next;
    });
  const forget = () => {
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // Nothing was kept.
    }
  };
  return [watching, update, forget];
}
