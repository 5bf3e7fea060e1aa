"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SessionKey } from "@/lib/session/connect";
import { sessionClient, type SessionResult } from "@/lib/session/session-client";
import { describeFailure, type FailureContext } from "@/lib/ui/failure";
import { EnvironmentBadge } from "./environment-badge";

interface KeyRingProps {
  keys: SessionKey[];
  activeKeyId: string | undefined;
}

/** The keys this browser session holds: which one is in use, switch to another, remove one, or sign out. */
export function KeyRing({ keys, activeKeyId }: KeyRingProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  /** Runs one of the ring's actions; a failure is told in the words every page uses (`what` and `doing` name the action). */
  async function act(action: () => Promise<SessionResult<unknown>>, words: Pick<FailureContext, "what" | "doing">) {
    setBusy(true);
    setFailure(undefined);
    const result = await action();
    setBusy(false);
    if (!result.ok) setFailure(describeFailure(result.error, { ...words, service: "Backroom" }).message);
    router.refresh();
  }

  return (
    <section aria-labelledby="key-ring-title" className="space-y-3">
      <h2 id="key-ring-title" className="text-lg font-semibold">
        Your keys
      </h2>
      <ul className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {keys.map((key) => {
          const active = key.id === activeKeyId;
          return (
            <li key={key.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {key.label} <EnvironmentBadge environment={key.environment} sandbox={key.sandbox} />
                  {active && <span className="ml-2 rounded bg-emerald-200 px-1.5 py-0.5 text-xs font-semibold text-emerald-950">In use</span>}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {key.keyType} key ending in <span className="font-mono">{key.hint}</span> · {key.scope.summary}
                  {key.rateLimit && ` · ${key.rateLimit.remaining} of ${key.rateLimit.limit} requests left this hour`}
                </p>
              </div>
              {!active && (
                <button type="button" aria-label={`Use this key, ${key.label}`} disabled={busy} onClick={() => void act(() => sessionClient.switchTo(key.id), { what: key.label, doing: "switch to" })} className="rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800">
                  Use this key
                </button>
              )}
              <button type="button" aria-label={`Remove ${key.label}`} disabled={busy} onClick={() => void act(() => sessionClient.remove(key.id), { what: key.label, doing: "remove" })} className="rounded border border-red-700 px-3 py-1 text-sm text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950">
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex items-center gap-4">
        <button type="button" disabled={busy} onClick={() => void act(() => sessionClient.signOut(), { what: "this browser", doing: "sign out" })} className="rounded bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-900 disabled:opacity-60 dark:bg-slate-200 dark:text-slate-950">
          Sign out
        </button>
        <p role="status" className="text-sm text-red-800 dark:text-red-300">
          {failure}
        </p>
      </div>
    </section>
  );
}
