"use client";

import { useEffect } from "react";

/**
 * Registers Backroom's service worker (lib/ui/offline/service-worker.ts), in production builds only (under `next dev`
 * the pages change with each edit, and kept copies would hide that). Drawn once, by the root layout.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    // updateViaCache "none": the worker script is checked against the server on every load, never an HTTP cache's copy.
    // Served by app/serwist/[path]/route.ts; it controls every page of the origin.
    navigator.serviceWorker.register("/serwist/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => {
      // No worker (a private window that refuses one, storage full): the app works as without it.
    });
  }, []);
  return null;
}
