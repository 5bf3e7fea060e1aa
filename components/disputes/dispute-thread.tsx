"use client";

import { useId, useState } from "react";
import { MAX_NOTE } from "@/lib/domain/disputes/dispute";
import type { DisputeEventView, DisputeView } from "@/lib/domain/disputes/view";
import { formatDateTime } from "@/lib/format/display";
import { useDisputePost } from "@/lib/ui/disputes/use-dispute-post";
import { FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";

/** Which side wrote or did it, in the page's words. */
export const SIDE_LABELS: Record<DisputeEventView["side"], string> = {
  store: "Store",
  rep: "Distributor",
  brand: "Brand",
  backroom: "Backroom",
};

interface DisputeThreadProps {
  dispute: DisputeView;
  timeZone: string;
}

/** The dispute's thread, oldest first (each side labelled), and the reply box where the asker may reply. */
export function DisputeThread({ dispute, timeZone }: DisputeThreadProps) {
  return (
    <section aria-labelledby="dispute-thread" className="max-w-3xl space-y-3">
      <h2 id="dispute-thread" className="text-lg font-semibold">
        Thread
      </h2>
      <ol className="space-y-2 border-l-2 border-slate-300 pl-4 text-sm dark:border-slate-600" aria-label="Thread">
        {dispute.events.map((event) => (
          <li key={event.id} data-kind={event.kind} data-side={event.side}>
            <p className="text-slate-700 dark:text-slate-300">
              <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time> ·{" "}
              <span className="font-semibold text-slate-950 dark:text-slate-50">{event.by}</span> (
              {SIDE_LABELS[event.side]})
            </p>
            <p className={event.kind === "reply" ? "whitespace-pre-wrap" : "whitespace-pre-line italic"}>
              {event.text}
            </p>
          </li>
        ))}
      </ol>
      {dispute.can.reply && <ReplyBox id={dispute.id} />}
    </section>
  );
}

function ReplyBox({ id }: { id: string }) {
  const post = useDisputePost(id);
  const [text, setText] = useState("");
  const fieldId = useId();
  const error = post.failure?.action === "replies" ? (post.failure.fields.text ?? post.failure.message) : undefined;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        void post.run("replies", { text: text.trim() }).then((ok) => ok && setText(""));
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium">
        Reply
      </label>
      <textarea
        id={fieldId}
        rows={3}
        maxLength={MAX_NOTE}
        className={fieldClass(Boolean(error), "w-full")}
        value={text}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={`${fieldId}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      <button type="submit" className={`${PRIMARY} min-h-11`} disabled={post.pending !== null || !text.trim()}>
        {post.pending === "replies" ? "Sending…" : "Send reply"}
      </button>
    </form>
  );
}
