"use client";

import Link from "next/link";
import { StaleNote } from "@/components/table/stale-note";
import type { Answered } from "@/lib/domain/stale";

interface DraftTitleProps {
  titleId: string;
  /** The saved draft's id; none for a new one. */
  globalId: string | undefined;
  poNum: string;
  /** The saved draft's read: its note when it was a last-known answer. */
  source: Answered | undefined;
}

/** The editor's heading, and whether the draft is saved yet (with a link to its page) or nothing is sent until then. */
export function DraftTitle({ titleId, globalId, poNum, source }: DraftTitleProps) {
  return (
    <div>
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        {globalId ? `Draft purchase order ${poNum.trim() || ""}` : "New purchase order"}
      </h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {globalId ? (
          <>
            Saved through the API as a draft (status In progress).{" "}
            <Link className="link" href={`/purchases/${encodeURIComponent(globalId)}`}>
              Its page
            </Link>
            . Saved lines read back in units: the API keeps a draft&apos;s quantities in units.
          </>
        ) : (
          "Nothing is sent until you save or submit. Validate checks the order with the API without creating anything."
        )}
      </p>
      <StaleNote of={[source]} />
    </div>
  );
}
