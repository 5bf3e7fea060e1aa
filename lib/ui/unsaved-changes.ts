"use client";

import { useEffect } from "react";

/**
 * While `dirty`, asks before work is lost: the browser's own prompt when the tab is closed, reloaded or sent to
 * another address, and a confirmation when a link of the page is followed (Next's client-side navigation, which the
 * browser's prompt does not cover). The click is caught on the document before React sees it, so a cancelled link
 * goes nowhere. Not covered: the browser's Back button inside the app (Next's router offers no way to hold it).
 *
 * @example
 * useUnsavedChangesPrompt(isDirty, "This purchase order has unsaved changes. Leave without saving?");
 */
export function useUnsavedChangesPrompt(dirty: boolean, message: string) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set (modern ones ignore its text).
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download")
      )
        return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return; // leaving the app: beforeunload asks
      if (to.pathname === window.location.pathname && to.search === window.location.search) return; // an anchor on the page
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, message]);
}
