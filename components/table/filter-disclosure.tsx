"use client";

import { useId, useState } from "react";
import { filtersLabel } from "@/lib/ui/views/filter-count";

interface FilterDisclosureProps {
  /** How many filters the address sets, said on the button ("Filters · 2 set"). */
  count: number;
  /** Its name, where a page has several ("Filters" by default). */
  label?: string;
  children: React.ReactNode;
  className?: string;
}

/**
 * A list's filters on a phone (under 640 px): folded behind one "Filters" button that says how many are set, so the
 * rows come first; opened, they are as at a desk. At 640 px and up the button is not drawn and the filters always show.
 */
export function FilterDisclosure({ count, label, children, className = "" }: FilterDisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="pager-button inline-flex items-center gap-2 font-semibold sm:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-3 w-3 fill-current transition-transform ${open ? "rotate-90" : ""}`}
        >
          <path d="M7 4l7 6-7 6z" />
        </svg>
        {filtersLabel(count, label)}
      </button>
      <div id={id} className={open ? "mt-3 sm:mt-0" : "max-sm:hidden"}>
        {children}
      </div>
    </div>
  );
}
