"use client";

import { useState } from "react";

/** Copies a text (a request id) to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, or refused): the text stays selectable on the page.
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`${label} ${text}`}
      className="rounded border border-current px-1.5 py-0.5 text-xs"
    >
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}
