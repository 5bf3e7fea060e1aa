"use client";

import { useEffect } from "react";

/**
 * Clears the device of the person's pages and data (`clearDevice`) once drawn: a page draws it where the server found
 * nobody signed in (the sign-in page, where every ended session is sent) or a person in no workspace (removed from it).
 */
export function ClearDeviceOnLoad() {
  useEffect(() => {
    // Loaded when needed: the sign-in page's first load does not carry it for everyone who is signed in.
    void import("@/lib/ui/offline/clear-device").then(({ clearDevice }) => clearDevice());
  }, []);
  return null;
}
