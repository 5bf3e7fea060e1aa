"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { preloadWeek, restoreWeek, type WeekMeta } from "./week-store";

// A rep's page's code is loading: the kept week is read beside the page's hydration.
if (typeof window !== "undefined") preloadWeek();

/**
 * The rep's week as the device keeps it, put into the page's query client once the page has mounted (answers newer in
 * the cache stay: online, the network's win). What was kept, or undefined (nothing kept, another rep's, past its week).
 *
 * @example
 * const { week, restored } = useWeek(1008);
 */
export function useWeek(repId: number): { week?: WeekMeta; restored: boolean } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ week?: WeekMeta; restored: boolean }>({ restored: false });
  useEffect(() => {
    let live = true;
    restoreWeek(queryClient, repId)
      .catch(() => undefined)
      .then((week) => live && setState({ week, restored: true }));
    return () => {
      live = false;
    };
  }, [queryClient, repId]);
  return state;
}
