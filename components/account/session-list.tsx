"use client";

import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { formatDateTime } from "@/lib/format/display";
import { sessionRows, type SessionRow } from "@/lib/ui/account/account-rows";
import { authFailure } from "@/lib/session/auth-failure";
import { deviceOf } from "@/lib/ui/account/user-agent";
import { ConfirmButton } from "./confirm-button";
import { FormStatus, type Outcome } from "./form-bits";
import { useAction } from "./use-action";
import { fullLoad } from "./full-load";

interface SessionListProps {
  /** The sessions as the server read them for the first paint (no tokens). */
  initial: SessionRow[];
  /** This page's session. */
  currentId: string;
  timeZone: string;
}

/** Where the person is signed in: device, address, last activity; sign out of the others, or of every one. */
export function SessionList({ initial, currentId, timeZone }: SessionListProps) {
  const { busy, run } = useAction();
  const [sessions, setSessions] = useState(initial);
  const [working, setWorking] = useState<"others" | "all">();
  const [outcome, setOutcome] = useState<Outcome>();

  const others = () =>
    run(async () => {
      setOutcome(undefined);
      setWorking("others");
      const { error } = await authClient.revokeOtherSessions();
      const { data } = await authClient.listSessions();
      if (data) setSessions(sessionRows(data, currentId));
      setWorking(undefined);
      setOutcome(
        error
          ? { tone: "error", text: authFailure(error, "The other sessions could not be signed out.") }
          : { tone: "ok", text: "Every other session is signed out." },
      );
    });

  const everywhere = () =>
    run(async () => {
      setOutcome(undefined);
      setWorking("all");
      const { error } = await authClient.revokeSessions();
      if (error) {
        setWorking(undefined);
        return setOutcome({ tone: "error", text: authFailure(error, "The sessions could not be signed out.") });
      }
      fullLoad("/sign-in");
    });

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {sessions.map((s) => (
          <li key={s.id} className="px-4 py-2">
            <span className="font-semibold">{deviceOf(s.userAgent)}</span>
            {s.current && <span className="ml-2 text-xs font-semibold">(this session)</span>}
            <span className="block text-xs text-slate-700 dark:text-slate-300">
              {[
                s.ipAddress && `From ${s.ipAddress}`,
                `Last active ${formatDateTime(s.lastActiveAt, timeZone)}`,
                `signed in ${formatDateTime(s.createdAt, timeZone)}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-start gap-3">
        <ConfirmButton
          label="Sign out of every other session"
          question="Sign out every session but this one?"
          confirmLabel="Sign them out"
          busyLabel="Signing out…"
          busy={busy && working === "others"}
          disabled={sessions.length < 2}
          onConfirm={others}
        />
        <ConfirmButton
          label="Sign out everywhere"
          question="Sign out every session, this one too?"
          confirmLabel="Sign out everywhere"
          busyLabel="Signing out…"
          busy={busy && working === "all"}
          onConfirm={everywhere}
        />
      </div>
      <FormStatus outcome={outcome} />
    </div>
  );
}
