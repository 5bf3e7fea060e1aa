"use client";

import { useId, useState } from "react";
import { CLOSE_REASONS } from "@/lib/domain/disputes/dispute";
import type { DisputeView } from "@/lib/domain/disputes/view";
import { useDisputePost } from "@/lib/ui/disputes/use-dispute-post";
import { BUTTON, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";

const OTHER = "Other";

/**
 * What the distributor's side does to the dispute as a whole, as `can` allows it: Acknowledge (the rep has seen it),
 * and Close with a reason (staff: a reason offered, or their own words under "Other").
 */
export function DisputeActions({ dispute }: { dispute: DisputeView }) {
  const post = useDisputePost(dispute.id);
  const [closing, setClosing] = useState(false);
  if (!dispute.can.acknowledge && !dispute.can.close) return null;
  const ackError = post.failure?.action === "acknowledge" ? post.failure.message : undefined;
  return (
    <div className="max-w-3xl space-y-3">
      <div className="flex flex-wrap gap-3">
        {dispute.can.acknowledge && (
          <button
            type="button"
            className={`${PRIMARY} min-h-11`}
            disabled={post.pending !== null}
            onClick={() => void post.run("acknowledge")}
          >
            {post.pending === "acknowledge" ? "Acknowledging…" : "Acknowledge"}
          </button>
        )}
        {dispute.can.close && !closing && (
          <button type="button" className={`${BUTTON} min-h-11`} onClick={() => setClosing(true)}>
            Close…
          </button>
        )}
      </div>
      {ackError && (
        <p role="alert" className={FIELD_ERROR}>
          {ackError}
        </p>
      )}
      {dispute.can.close && closing && <CloseForm post={post} onCancel={() => setClosing(false)} />}
    </div>
  );
}

function CloseForm({ post, onCancel }: { post: ReturnType<typeof useDisputePost>; onCancel: () => void }) {
  const [choice, setChoice] = useState<string>(CLOSE_REASONS[0]);
  const [other, setOther] = useState("");
  const id = useId();
  const reason = choice === OTHER ? other.trim() : choice;
  const error = post.failure?.action === "close" ? (post.failure.fields.reason ?? post.failure.message) : undefined;
  return (
    <form
      className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-600"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason) void post.run("close", { reason });
      }}
    >
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Close the dispute: why</legend>
        {[...CLOSE_REASONS, OTHER].map((r) => (
          <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-reason`} value={r} checked={choice === r} onChange={() => setChoice(r)} />
            {r}
          </label>
        ))}
      </fieldset>
      {choice === OTHER && (
        <div>
          <label htmlFor={`${id}-other`} className="block text-sm font-medium">
            The reason, in your words
          </label>
          <input
            id={`${id}-other`}
            className={fieldClass(Boolean(error), "mt-1 w-full")}
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
        </div>
      )}
      {error && (
        <p role="alert" className={FIELD_ERROR}>
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${PRIMARY} min-h-11`} disabled={post.pending !== null || !reason}>
          {post.pending === "close" ? "Closing…" : "Close the dispute"}
        </button>
        <button type="button" className={`${BUTTON} min-h-11`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
