"use client";

import { useEffect, useState } from "react";
import { sessionClient } from "@/lib/session/session-client";

/** How often a page asks whether the sandbox is ready yet, while it is being prepared. */
const POLL_MS = 1_000;

/**
 * Whether the embedded sandbox is still being prepared (its databases opened at the server's start: a copy of the
 * seed's templates, or a seed when none is right for today). `initial` is what the server knew as it drew the page, so
 * the note is in the page from its first paint; while it is true, `/api/ready` is asked every second until the
 * sandbox serves (or its start failed: then a request to it tries again, and says so if it fails).
 */
export function useSandboxPreparing(initial: boolean): boolean {
  const [preparing, setPreparing] = useState(initial);
  useEffect(() => {
    if (!preparing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      const state = await sessionClient.sandbox();
      if (stopped) return;
      // No answer (the network): ask again.
      if (state === undefined || state === "preparing") timer = setTimeout(() => void ask(), POLL_MS);
      else setPreparing(false);
    };
    timer = setTimeout(() => void ask(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [preparing]);
  return preparing;
}
