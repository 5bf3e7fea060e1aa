"use client";

import { useState } from "react";
import {
  casesWords,
  type DetailLine,
  type ListDetail,
  type SubstituteCandidate,
} from "@/lib/domain/order-guide/shared-list";
import { formatMoney } from "@/lib/format/display";
import type { Drafts, LineDraft } from "@/lib/ui/order-guide/list-edits";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { SubstitutePicker } from "./substitute-picker";

/** What a person may do to the lines: the rep changes them, the store answers substitutes, or reads. */
export type LinesMode = "rep" | "store" | "read";

interface SharedListLinesProps {
  list: ListDetail;
  mode: LinesMode;
  drafts: Drafts;
  onDraft: (lineId: string, draft: LineDraft) => void;
  /** A refusal's or a check's message beside its line, by lineId. */
  errors: Readonly<Record<string, string>>;
  /** The store's answer to a line's substitute. */
  onSettle: (line: DetailLine, decision: "accept" | "decline") => void;
  /** The line whose answer is on its way. */
  settling: string | null;
}

const SUBSTITUTE_WORDS = {
  proposed: "offered, waiting for the store's answer",
  accepted: "accepted by the store",
  declined: "declined by the store",
} as const;

/**
 * The list's lines as cards: product, cases (and those first asked, when changed), case price, total, the warehouse's
 * bucket now and a flag when it cannot fill the line, what was invoiced of it, and its substitute. The rep types cases
 * and offers substitutes (kept on the page until saved); the store accepts or declines a substitute offered.
 */
export function SharedListLines({ list, mode, drafts, onDraft, errors, onSettle, settling }: SharedListLinesProps) {
  const [picking, setPicking] = useState<string | null>(null);
  const invoicedOf = (line: DetailLine) => {
    if (!list.match || list.match.status === "waiting") return undefined;
    const asked = line.substitute?.status === "accepted" ? line.substitute.productId : line.productId;
    return list.match.lines.find((m) => m.productId === asked);
  };
  return (
    <ul aria-label="Lines of the list" className="grid gap-3 lg:grid-cols-2">
      {list.lines.map((line) => {
        const draft = drafts[line.lineId] ?? {};
        const error = errors[line.lineId];
        const errorId = `line-error-${line.lineId}`;
        const invoiced = invoicedOf(line);
        return (
          <li
            key={line.lineId}
            aria-label={line.name}
            className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-600"
          >
            <h3 className="font-semibold break-words">{line.name}</h3>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-700 dark:text-slate-300">Cases</dt>
                <dd>
                  {mode === "rep" ? (
                    <>
                      <label htmlFor={`cases-${line.lineId}`} className="sr-only">
                        Cases of {line.name}
                      </label>
                      <input
                        id={`cases-${line.lineId}`}
                        inputMode="numeric"
                        value={draft.cases ?? String(line.cases)}
                        onChange={(e) => onDraft(line.lineId, { ...draft, cases: e.target.value })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        className={fieldClass(Boolean(error), "min-h-11 w-20")}
                      />
                    </>
                  ) : (
                    <span className="font-semibold">{line.cases}</span>
                  )}
                  {line.askedCases !== line.cases && <span> (asked {line.askedCases})</span>}
                </dd>
              </div>
              <div>
                <dt className="text-slate-700 dark:text-slate-300">Case price</dt>
                <dd>{formatMoney(line.casePrice)}</dd>
              </div>
              <div>
                <dt className="text-slate-700 dark:text-slate-300">Total</dt>
                <dd className="font-semibold">{formatMoney(line.total)}</dd>
              </div>
              <div>
                <dt className="text-slate-700 dark:text-slate-300">Warehouse now</dt>
                <dd>{line.available ?? "not listed"}</dd>
              </div>
            </dl>
            {line.short && (
              <p className="text-sm font-semibold text-red-800 dark:text-red-300">
                <span aria-hidden="true">⚠ </span>The warehouse cannot fill this
              </p>
            )}
            {invoiced && (
              <p className="text-sm">
                Invoiced {casesWords(invoiced.invoiced).replace(/ cases?$/, "")} of {casesWords(invoiced.asked)}
              </p>
            )}
            {line.substitute && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <p>
                  Substitute: <span className="font-semibold">{line.substitute.name}</span>,{" "}
                  {SUBSTITUTE_WORDS[line.substitute.status]}
                </p>
                {mode === "store" && line.substitute.status === "proposed" && (
                  <>
                    <button
                      type="button"
                      onClick={() => onSettle(line, "accept")}
                      disabled={settling !== null}
                      aria-label={`Accept ${line.substitute.name} instead of ${line.name}`}
                      className={`${BUTTON} min-h-11`}
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      onClick={() => onSettle(line, "decline")}
                      disabled={settling !== null}
                      aria-label={`Decline ${line.substitute.name} instead of ${line.name}`}
                      className={`${BUTTON} min-h-11`}
                    >
                      Decline
                    </button>
                  </>
                )}
              </div>
            )}
            {mode === "rep" && (
              <RepSubstitute
                listId={list.id}
                line={line}
                draft={draft}
                picking={picking === line.lineId}
                onPick={(open) => setPicking(open ? line.lineId : null)}
                onDraft={(d) => onDraft(line.lineId, d)}
              />
            )}
            {error && (
              <p id={errorId} className={FIELD_ERROR}>
                {error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface RepSubstituteProps {
  listId: string;
  line: DetailLine;
  draft: LineDraft;
  picking: boolean;
  onPick: (open: boolean) => void;
  onDraft: (draft: LineDraft) => void;
}

/** The rep's substitute for a line: one chosen and not saved yet, "Offer a substitute", or taking one back. */
function RepSubstitute({ listId, line, draft, picking, onPick, onDraft }: RepSubstituteProps) {
  const { substitute: _chosen, ...rest } = draft;
  const choose = (c: SubstituteCandidate) => {
    onDraft({ ...rest, substitute: { productId: c.productId, name: c.name } });
    onPick(false);
  };
  return (
    <div className="space-y-2 text-sm">
      {draft.substitute !== undefined && (
        <p className="flex flex-wrap items-center gap-2">
          <span>
            {draft.substitute ? (
              <>
                To offer instead: <span className="font-semibold">{draft.substitute.name}</span> (not saved yet)
              </>
            ) : (
              "Substitute taken back (not saved yet)"
            )}
          </span>
          <button type="button" onClick={() => onDraft(rest)} className={`${BUTTON} min-h-11`}>
            Undo
          </button>
        </p>
      )}
      {picking ? (
        <SubstitutePicker listId={listId} line={line} onChoose={choose} onClose={() => onPick(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => onPick(true)}
            aria-label={`Offer a substitute for ${line.name}`}
            className={`${BUTTON} min-h-11`}
          >
            Offer a substitute
          </button>
          {line.substitute?.status === "proposed" && draft.substitute === undefined && (
            <button
              type="button"
              onClick={() => onDraft({ ...rest, substitute: null })}
              className={`${BUTTON} min-h-11`}
            >
              Take the substitute back
            </button>
          )}
        </div>
      )}
    </div>
  );
}
