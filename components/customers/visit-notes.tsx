"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useEffect, useId, useState } from "react";
import { ConfirmButton } from "@/components/account/confirm-button";
import { FormStatus, type Outcome } from "@/components/account/form-bits";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { formatDateTime } from "@/lib/format/display";
import { may } from "@/lib/session/roles";
import { loadOnce } from "@/lib/ui/browser-api";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { type NoteJson, noteWords } from "@/lib/domain/notes/note-rules";
import { noteFailure } from "@/lib/ui/notes/note-failure";
import { notesClient, notesCsvHref } from "@/lib/ui/notes/notes-client";
import { NOTES_KEY, notesQueryOptions } from "@/lib/ui/notes/notes-query";
import type { QueuedNote } from "@/lib/ui/offline/outbox";
import { useQueuedNotes } from "@/lib/ui/offline/use-outbox";
import { BUTTON } from "@/lib/ui/styles";
import type { NoteFormProps } from "./note-form";
import { NoteFormLayout } from "./note-form-layout";
import { VisitedButton } from "./visited-button";

interface VisitNotesProps {
  customerId: number;
  /** The store's name, when known: "Visited" says whom. */
  name?: string;
  /** The customer's notes as the device keeps them (a rep's saved week): shown while Backroom's answer is not here. */
  kept?: NoteJson[];
}

/** Phone first: every control of the section is at least 44 px tall on a phone (WCAG 2.5.5), as on a desk it need not be. */
const TOUCH = "[&_a]:min-h-11 [&_button]:min-h-11 sm:[&_a]:min-h-0 sm:[&_button]:min-h-0";

/**
 * A customer's visit notes (Backroom's own, `GET /api/notes`): newest first, each with its author and when (in the
 * person's time zone); the form for roles that write; "Delete" on one's own notes within the day, asked first; and
 * the customer's notes as CSV.
 */
export function VisitNotes({ customerId, name, kept }: VisitNotesProps) {
  const headingId = useId();
  const { role } = useKeyScope();
  const notes = useQuery(notesQueryOptions({ customerId }));
  const queued = useQueuedNotes(customerId);
  const shown = notes.data?.notes ?? kept;
  const mayWrite = may(role, { notes: ["write"] });
  // One live region for the section: a note saved, a note deleted, or why not. The focus goes to it when the control
  // that acted is gone (a deleted note's) or failed; after a save it stays in the form, to write the next.
  const [outcome, setOutcome] = useState<Outcome & { focus?: boolean }>();
  return (
    <section aria-labelledby={headingId} className={`max-w-3xl space-y-3 ${TOUCH}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Visit notes
        </h2>
        <a href={notesCsvHref(customerId)} download className="link inline-flex items-center text-sm">
          Export notes (CSV)
        </a>
      </div>
      {mayWrite ? (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <VisitedButton customerId={customerId} name={name ?? `customer ${customerId}`} onOutcome={setOutcome} />
            <p className="text-sm text-slate-700 dark:text-slate-300">Here today? One tap records the visit.</p>
          </div>
          <LazyNoteForm customerId={customerId} onOutcome={setOutcome} />
        </>
      ) : (
        <p className="text-sm">Your role reads visit notes; owners, admins, accounts and purchasing write them.</p>
      )}
      <FormStatus outcome={outcome} focus={outcome?.tone === "error" || outcome?.focus === true} />
      {queued.length > 0 && <QueuedList notes={queued} />}
      {notes.error && !shown ? (
        <RequestError error={notes.error} onRetry={() => void notes.refetch()} what="the visit notes" />
      ) : shown ? (
        <NoteList notes={shown} onOutcome={setOutcome} />
      ) : (
        <VisitNotes.Skeleton />
      )}
    </section>
  );
}

/** The list's place while the notes load: two notes' height. */
VisitNotes.Skeleton = function VisitNotesSkeleton() {
  return (
    <span role="status" aria-busy="true" aria-label="Loading the visit notes" className="skeleton block h-32 w-full" />
  );
};

// The form's code (react-hook-form and zod, about 48 kB compressed) loads after the page: the notes show at once.
const loadForm = loadOnce(() => import("./note-form").then((m) => m.NoteForm));

/** The note form once its code has come; the same form, waiting, meanwhile (so nothing moves when it comes). */
function LazyNoteForm(props: NoteFormProps) {
  const [Form, setForm] = useState<{ component: ComponentType<NoteFormProps> }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadForm().then(
      (component) => live && setForm({ component }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (Form) return <Form.component {...props} />;
  return (
    <NoteFormLayout
      field={{ disabled: true, value: "", readOnly: true }}
      length={0}
      error={failed ? "The note form could not be loaded: check your connection, then reload the page." : undefined}
      busy={false}
      onSubmit={(event) => event.preventDefault()}
    />
  );
}

/** Notes written on this device without a connection, waiting to be sent (`lib/ui/offline/outbox.ts`). */
function QueuedList({ notes }: { notes: QueuedNote[] }) {
  const timeZone = useTimeZone();
  return (
    <ol className="space-y-3" aria-label="Notes waiting to be sent">
      {notes.map((note) => (
        <li key={note.idempotencyKey} className="rounded border border-dashed border-amber-600 p-3">
          <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{noteWords(note)}</p>
          <p className="mt-2 text-xs font-semibold text-amber-900 dark:text-amber-200">
            Waiting to be sent: written offline, {formatDateTime(new Date(note.queuedAt).toISOString(), timeZone)}; sent
            when the connection is back.
          </p>
        </li>
      ))}
    </ol>
  );
}

function NoteList({
  notes,
  onOutcome,
}: {
  notes: NoteJson[];
  onOutcome: (outcome: Outcome & { focus?: boolean }) => void;
}) {
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const remove = async (note: NoteJson) => {
    setBusy(note.id);
    try {
      await notesClient.remove(note.id);
      onOutcome({ tone: "ok", text: "Note deleted.", focus: true });
    } catch (error) {
      onOutcome({ tone: "error", text: noteFailure(error, "delete") });
    } finally {
      setBusy(undefined);
      await queryClient.invalidateQueries({ queryKey: NOTES_KEY });
    }
  };
  return notes.length === 0 ? (
    <p className="text-sm">No visit notes on this customer yet.</p>
  ) : (
    <ol className="space-y-3" aria-label="Visit notes, newest first">
      {notes.map((note) => {
        const when = formatDateTime(note.createdAt, timeZone);
        return (
          <li key={note.id} className="rounded border border-slate-300 p-3 dark:border-slate-700">
            <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{noteWords(note)}</p>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-700 dark:text-slate-300">
                {note.author.name} · <time dateTime={note.createdAt}>{when}</time>
              </p>
              {note.mayDelete && (
                <ConfirmButton
                  label="Delete"
                  name={`Delete the note of ${when}`}
                  question="Delete this note? It is gone for everyone."
                  confirmLabel="Delete note"
                  busyLabel="Deleting…"
                  busy={busy === note.id}
                  onConfirm={() => remove(note)}
                  className={BUTTON}
                />
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
