"use client";

import { useCallback, useRef, useState } from "react";

/**
 * Runs one piece of async work at a time: a second click or Enter while the first runs is ignored (a ref, not the
 * state, decides: two clicks can land before React draws the busy button). `busy` draws the wait.
 *
 * @example
 * const { busy, run } = useAction();
 * <form onSubmit={(e) => { e.preventDefault(); void run(save); }}>
 */
export function useAction(): { busy: boolean; run: (work: () => Promise<void>) => Promise<void> } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
