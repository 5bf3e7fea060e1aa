"use client";

import { useState } from "react";
import { plural } from "@/lib/format/plural";
import { BUTTON } from "@/lib/ui/styles";
import { LAYOUT, ROW_INDEX } from "./guide-layout";

interface ShowMoreProps {
  /** The rows the filters keep. */
  total: number;
  /** The rows shown at first (the address's `show`). */
  shown: number;
  /** How many each press adds. */
  step: number;
  /** The page's address without `show`: where the links go before the script runs. */
  href: string;
}

/** The address with `show` set, and the fragment of the first row it adds (a card: phone first). */
function withShow(href: string, show: number, first: number): string {
  const [path, search = ""] = href.split("?");
  const query = new URLSearchParams(search);
  query.set("show", String(show));
  return `${path}?${query}#guide-card-${first}`;
}

/**
 * The order guide's "Show more": the page draws every row the filters keep and hides those past the first `shown`, so
 * a phone's first paint is a few screens and the quantities typed, filled or hidden all stay in the list's form. A
 * press shows the next `step` rows in place (the address keeps the count, the focus goes to the first row added);
 * before the script runs, it is a link to the page showing them.
 */
export function ShowMore({ total, shown: initial, step, href }: ShowMoreProps) {
  const [shown, setShown] = useState(Math.min(initial, total));

  function reveal(event: React.MouseEvent<HTMLAnchorElement>, next: number) {
    event.preventDefault();
    const upTo = Math.min(next, total);
    for (const row of document.querySelectorAll<HTMLElement>(`[${ROW_INDEX}]`)) {
      if (Number(row.getAttribute(ROW_INDEX)) < upTo) row.hidden = false;
    }
    const first = [...document.querySelectorAll<HTMLElement>(`[${ROW_INDEX}="${shown}"]`)].find(
      (row) => (row.closest<HTMLElement>(`[${LAYOUT}]`)?.offsetParent ?? null) !== null,
    );
    window.history.replaceState(window.history.state, "", withShow(href, upTo, shown).replace(/#.*$/, ""));
    setShown(upTo);
    first?.focus();
  }

  const next = Math.min(shown + step, total);
  return (
    <nav aria-label="More products" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <p role="status" aria-live="polite">
        {shown === total ? `All ${plural(total, "product")} shown.` : `${shown} of ${plural(total, "product")} shown.`}
      </p>
      {shown < total && (
        <div className="flex gap-2">
          <a
            href={withShow(href, next, shown)}
            onClick={(event) => reveal(event, next)}
            className={`${BUTTON} inline-flex min-h-11 items-center`}
          >
            Show {next - shown} more
          </a>
          {next < total && (
            <a
              href={withShow(href, total, shown)}
              onClick={(event) => reveal(event, total)}
              className={`${BUTTON} inline-flex min-h-11 items-center`}
            >
              Show all {total}
            </a>
          )}
        </div>
      )}
    </nav>
  );
}
