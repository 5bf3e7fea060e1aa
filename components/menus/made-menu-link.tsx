"use client";

import type { MadeMenuJson } from "@/lib/domain/menus/menu-schema";
import { MENU_FIELD } from "./menu-field";

interface MadeMenuLinkProps {
  made: MadeMenuJson;
}

/** The link just made, shown once: only its fingerprint is kept. */
export function MadeMenuLink({ made }: MadeMenuLinkProps) {
  return (
    <div className="max-w-2xl rounded border border-green-700 bg-green-50 p-4 text-sm dark:bg-green-950">
      <p className="font-semibold">Link made. Copy it now: Backroom keeps only a fingerprint of it.</p>
      <label className="mt-2 block">
        <span className="sr-only">The menu&apos;s address</span>
        <input
          readOnly
          value={made.url}
          className={`${MENU_FIELD} font-mono text-sm`}
          onFocus={(e) => e.target.select()}
        />
      </label>
      <p className="mt-2 flex flex-wrap gap-4">
        <button type="button" className="link" onClick={() => void navigator.clipboard?.writeText(made.url)}>
          Copy link
        </button>
        <a href={made.url} target="_blank" rel="noreferrer" className="link">
          Open the menu
        </a>
      </p>
    </div>
  );
}
