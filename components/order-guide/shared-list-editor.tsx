"use client";

import { useId, useRef, useState } from "react";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import type { DetailLine, ListEvent } from "@/lib/domain/order-guide/shared-list";
import { formatDateTime } from "@/lib/format/display";
import {
  changesSince,
  type Drafts,
  fieldMessages,
  type LineDraft,
  patchOf,
  SIDE_WORDS,
} from "@/lib/ui/order-guide/list-edits";
import { type ListAnswer, ListChanged, sharedListClient } from "@/lib/ui/order-guide/shared-list-client";
import { useListPost } from "@/lib/ui/order-guide/use-list-post";
import { FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { type LinesMode, SharedListLines } from "./shared-list-lines";

interface SharedListEditorProps {
  answer: ListAnswer;
  onAnswer: (answer: ListAnswer) => void;
  timeZone: string;
}

/** The version an edit started from: its ETag, and how many of the list's events the person had then. */
interface Base {
  etag: string;
  seen: number;
}

/**
 * The lines and the note. The rep types cases and offers substitutes, the store answers substitutes; either side
 * notes. What is typed is kept on the page until it is saved, as one PATCH with `If-Match` naming the version the
 * edit started from: when the other side changed the list meanwhile (412), the page shows their change and the list as
 * it is now, and keeps what was typed to save again.
 */
export function SharedListEditor({ answer, onAnswer, timeZone }: SharedListEditorProps) {
  const { list } = answer;
  const [drafts, setDrafts] = useState<Drafts>({});
  const [note, setNote] = useState("");
  const [base, setBase] = useState<Base | null>(null);
  const [meanwhile, setMeanwhile] = useState<ListEvent[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setSaid] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const noteId = useId();
  const settle = useListPost(list.id, onAnswer);
  const mode: LinesMode = !list.mayEdit
    ? "read"
    : list.side === "store"
      ? "store"
      : list.stage === "entered"
        ? "read"
        : "rep";

  const started = () => setBase((b) => b ?? { etag: answer.etag, seen: list.events.length });
  const onDraft = (lineId: string, draft: LineDraft) => {
    started();
    setDrafts((d) => ({ ...d, [lineId]: draft }));
  };

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const { patch, invalid } = patchOf(list, drafts, note);
    setErrors(invalid);
    setSaid(null);
    if (Object.keys(invalid).length) return;
    if (!patch) return setSaid("Nothing to save: nothing typed differs from the list.");
    busy.current = true;
    setSaving(true);
    try {
      onAnswer(await sharedListClient.patch(list.id, base?.etag ?? answer.etag, patch));
      setDrafts({});
      setNote("");
      setBase(null);
      setMeanwhile(null);
      setSaid("Saved: the other side sees it now.");
    } catch (error) {
      if (error instanceof ListChanged) {
        // The list as it is now, and what changed since the person's version; what they typed stays.
        onAnswer(error.now);
        setMeanwhile(changesSince(base?.seen ?? list.events.length, error.now.list));
        setBase({ etag: error.now.etag, seen: error.now.list.events.length });
      } else if (isDataApiError(error) && error.fieldErrors.length) {
        setErrors(
          fieldMessages(
            error.fieldErrors,
            (patch.lines ?? []).map((l) => l.lineId),
          ),
        );
      } else setErrors({ form: error instanceof Error ? error.message : "Not saved. Try again." });
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  const onSettle = (line: DetailLine, decision: "accept" | "decline") =>
    void settle.run(`substitutions/${encodeURIComponent(line.lineId)}/${decision}`);
  const settleError = settle.failure && /^substitutions\/([^/]+)\//.exec(settle.failure.action)?.[1];
  const lineErrors = settleError ? { ...errors, [decodeURIComponent(settleError)]: settle.failure!.message } : errors;
  return (
    <section aria-labelledby="list-lines" className="space-y-3">
      <h2 id="list-lines" className="text-lg font-semibold">
        Lines
      </h2>
      {meanwhile && (
        <div
          role="alert"
          className="max-w-3xl space-y-1 rounded border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">
            {whoChanged(meanwhile, list.side)} changed the list while you were editing, so nothing was saved.
          </p>
          <ul className="list-disc pl-5">
            {meanwhile.map((e, i) => (
              <li key={`${e.at}|${i}`}>
                {formatDateTime(e.at, timeZone)}, {e.by} ({SIDE_WORDS[e.side]}): {e.detail}
              </li>
            ))}
          </ul>
          <p>The list below is as it is now. What you typed is kept: check it against their change and save again.</p>
        </div>
      )}
      <form onSubmit={(e) => void save(e)} className="space-y-3" aria-label="Changes to the list">
        <SharedListLines
          list={list}
          mode={mode}
          drafts={drafts}
          onDraft={onDraft}
          errors={lineErrors}
          onSettle={onSettle}
          settling={settle.pending}
        />
        {list.mayEdit && (
          <div className="max-w-xl space-y-2">
            <label htmlFor={noteId} className="block text-sm font-semibold">
              A note to {list.side === "rep" ? "the store" : "the rep"}
            </label>
            <textarea
              id={noteId}
              value={note}
              onChange={(e) => {
                started();
                setNote(e.target.value);
              }}
              rows={2}
              maxLength={1000}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? `${noteId}-error` : undefined}
              className={fieldClass(Boolean(errors.note), "block w-full")}
            />
            {errors.note && (
              <p id={`${noteId}-error`} className={FIELD_ERROR}>
                {errors.note}
              </p>
            )}
            <button type="submit" disabled={saving} className={`${PRIMARY} min-h-11`}>
              {saving ? "Saving…" : mode === "rep" ? "Save changes" : "Add the note"}
            </button>
          </div>
        )}
        {errors.form && (
          <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
            {errors.form}
          </p>
        )}
        <p role="status" aria-live="polite" className="text-sm">
          {said}
        </p>
      </form>
    </section>
  );
}

/** Who made the changes the person missed: the other side, by name. */
function whoChanged(events: readonly ListEvent[], side: ListEvent["side"]): string {
  const names = [...new Set(events.map((e) => e.by))];
  const other = events.every((e) => e.side !== side);
  const who = names.length ? names.join(" and ") : "Someone";
  return other ? `${side === "rep" ? "The store" : "The rep"} (${who})` : who;
}
