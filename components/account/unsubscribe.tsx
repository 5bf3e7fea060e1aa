"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { parseErrorBody } from "@/lib/data-api/error-read";
import type { UnsubscribedJson } from "@/lib/session/notifications-view";
import { PRIMARY } from "@/lib/ui/styles";

type State = { step: "working" } | { step: "done"; what: string } | { step: "failed"; text: string; retry: boolean };

/**
 * Stops the emails an unsubscribe link names, as soon as the page opens: one click from the email, no sign-in. The
 * stop is a POST made by this script, not the page's GET, so a mail scanner that only fetches links stops nothing.
 * Safe to repeat (a second POST stops what is already stopped).
 */
export function Unsubscribe({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: "working" });
  const started = useRef(false);

  const stop = async () => {
    setState({ step: "working" });
    const response = await fetch(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
    }).catch(() => undefined);
    if (!response)
      return setState({ step: "failed", text: "Backroom did not answer. Try again in a moment.", retry: true });
    const body = (await response.json().catch(() => undefined)) as Partial<UnsubscribedJson> | undefined;
    if (response.ok && body?.unsubscribed) return setState({ step: "done", what: body.unsubscribed });
    // A link that is not one of ours stays so: only a failure of Backroom's is worth another try.
    setState({
      step: "failed",
      text: parseErrorBody(body)?.detail ?? "This link could not be used.",
      retry: response.status >= 500,
    });
  };

  useEffect(() => {
    // Once, even when React runs the effect twice in development.
    if (started.current) return;
    started.current = true;
    void stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token is the page's, fixed for its life.
  }, []);

  return (
    <div className="space-y-4" aria-live="polite">
      {state.step === "working" && <p aria-busy="true">Unsubscribing…</p>}
      {state.step === "done" && (
        <>
          <p role="status" className="text-lg">
            Done: you will get no more of {state.what}.
          </p>
          <p className="text-slate-700 dark:text-slate-300">
            The inbox under the bell still shows what happens. To change anything else, or to have these emails again,
            open your{" "}
            <Link href="/account/notifications" className="link" prefetch={false}>
              notification settings
            </Link>
            .
          </p>
        </>
      )}
      {state.step === "failed" && (
        <>
          <p role="alert" className="text-red-800 dark:text-red-300">
            {state.text}
          </p>
          <div className="flex flex-wrap items-center gap-4">
            {state.retry && (
              <button type="button" className={PRIMARY} onClick={() => void stop()}>
                Try again
              </button>
            )}
            <Link href="/account/notifications" className="link" prefetch={false}>
              Notification settings
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
