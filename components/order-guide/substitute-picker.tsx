"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RequestError } from "@/components/table/request-error";
import type { DetailLine, SubstituteCandidate } from "@/lib/domain/order-guide/shared-list";
import { formatMoney } from "@/lib/format/display";
import { substitutesQueryOptions } from "@/lib/ui/order-guide/shared-list-client";
import { BUTTON } from "@/lib/ui/styles";

interface SubstitutePickerProps {
  listId: string;
  line: DetailLine;
  onChoose: (candidate: SubstituteCandidate) => void;
  onClose: () => void;
}

const CLOSENESS_WORDS: Record<SubstituteCandidate["closeness"], string> = {
  "brand-and-category": "Same brand and category",
  category: "Same category",
  brand: "Same brand",
  other: "Other",
};

/** Candidates shown before "Show all": a phone's screen of them. */
const FIRST = 8;

/**
 * What the rep may offer instead of a line's product (`GET …/substitutes?lineId=`): in stock at the store's warehouse,
 * priced for the store, the same brand and category first; each with its brand, category, case price and bucket. A
 * choice is kept on the page until the rep saves.
 */
export function SubstitutePicker({ listId, line, onChoose, onClose }: SubstitutePickerProps) {
  const offered = useQuery(substitutesQueryOptions(listId, line.lineId));
  const [all, setAll] = useState(false);
  const candidates = offered.data?.candidates ?? [];
  const shown = all ? candidates : candidates.slice(0, FIRST);
  return (
    <div
      role="group"
      aria-label={`Substitutes for ${line.name}`}
      className="space-y-2 rounded border border-slate-300 p-2 dark:border-slate-600"
    >
      <p className="text-sm">
        In stock at the store&apos;s warehouse and priced for the store, the same brand and category first.
      </p>
      {offered.error ? (
        <RequestError error={offered.error} onRetry={() => void offered.refetch()} what="the substitutes" />
      ) : !offered.data ? (
        <p className="text-sm" aria-busy="true">
          Reading what the warehouse holds…
        </p>
      ) : candidates.length === 0 ? (
        <p className="text-sm">Nothing in stock at the store&apos;s warehouse can stand in for it.</p>
      ) : (
        <ul className="space-y-1">
          {shown.map((c) => (
            <li key={c.productId}>
              <button
                type="button"
                onClick={() => onChoose(c)}
                className="min-h-11 w-full rounded border border-slate-300 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                <span className="font-semibold">{c.name}</span>
                <span className="block text-xs text-slate-700 dark:text-slate-300">
                  {CLOSENESS_WORDS[c.closeness]} · {c.brand ?? "no brand"} · {c.category ?? "no category"} ·{" "}
                  {formatMoney(c.casePrice)} a case · {c.bucket ?? "bucket not given"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {!all && candidates.length > FIRST && (
          <button type="button" onClick={() => setAll(true)} className={`${BUTTON} min-h-11`}>
            Show all {candidates.length}
          </button>
        )}
        <button type="button" onClick={onClose} className={`${BUTTON} min-h-11`}>
          Close
        </button>
      </div>
    </div>
  );
}
