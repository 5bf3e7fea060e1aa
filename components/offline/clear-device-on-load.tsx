"use client";

import { useEffect } from "react";
import { clearDevice } from "@/lib/ui/offline/clear-device";

/**
 * Clears the device of the person's pages and data (`clearDevice`) once drawn: a page draws it where the server found
 * nobody signed in (the sign-in page, where every ended session is sent) or a person in no workspace (removed from it).
 */
export function ClearDeviceOnLoad() {
  useEffect(() => {
    void clearDevice();
  }, []);
  return null;
}
