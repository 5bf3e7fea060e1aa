"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sessionClient } from "@/lib/session/session-client";
import type { SessionKey } from "@/lib/session/session-view";
import { describeFailure } from "@/lib/ui/failure";
import { AddKeyForm } from "./add-key-form";
import { FormStatus, type Outcome } from "./form-bits";
import { HistoryScopeForm } from "./history-scope-form";
import { KeyList } from "./key-list";
import { useAction } from "./use-action";

interface KeysSettingsProps {
  keys: SessionKey[];
  activeKeyId: string | null;
  /** Owners and admins (`keys: ["manage"]`). */
  canManage: boolean;
  /** Whether the sandbox serves each environment (Test is ticked first where it does). */
  sandbox: Record<"production" | "test", boolean>;
  /** Whether the sandbox was still being prepared (the server just started) as the page was drawn. */
  sandboxPreparing: boolean;
  timeZone: string;
}

/** The Keys page: the workspace's keys, and for owners and admins adding and removing them. */
export function KeysSettings({ keys, activeKeyId, canManage, sandbox, sandboxPreparing, timeZone }: KeysSettingsProps) {
  const router = useRouter();
  const { run } = useAction();
  const [removing, setRemoving] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [added, setAdded] = useState(false);

  const staffKeys = keys.flatMap((key) =>
    key.keyType === "Employee" && key.historyScope ? [{ ...key, historyScope: key.historyScope }] : [],
  );

  const remove = (key: SessionKey) =>
    run(async () => {
      setOutcome(undefined);
      setRemoving(key.id);
      const result = await sessionClient.removeKey(key.id);
      setRemoving(undefined);
      if (!result.ok)
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what: `the key “${key.label}”`, doing: "remove", service: "Backroom" })
            .message,
        });
      setOutcome({ tone: "ok", text: `Removed the key “${key.label}” (…${key.hint}).` });
      router.refresh();
    });

  return (
    <div className="space-y-8">
      {keys.length === 0 ? (
        <p
          role="note"
          className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {canManage
            ? "This workspace has no Data API key yet. Adding one is the first step: the dashboard opens once the workspace has a key."
            : "This workspace has no Data API key yet, and the dashboard waits for one. Only owners and admins add keys: ask one of them."}
        </p>
      ) : (
        <KeyList
          keys={keys}
          activeKeyId={activeKeyId}
          canManage={canManage}
          timeZone={timeZone}
          removing={removing}
          onRemove={remove}
        />
      )}
      <FormStatus outcome={outcome} />
      {staffKeys.length > 0 && (
        <section aria-labelledby="insights-history" className="space-y-3">
          <h2 id="insights-history" className="text-lg font-semibold">
            Insights history
          </h2>
          <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
            Insights are drawn from a history Backroom keeps of each key&apos;s invoices, read in the background with at
            most 7% of the key&apos;s hourly budget, and nothing while people have less than a fifth of it left. An
            Employee key sees the whole distributor, so what its history covers is a choice.
          </p>
          {staffKeys.map((key) => (
            <HistoryScopeForm key={key.id} apiKey={key} canManage={canManage} onSaved={() => router.refresh()} />
          ))}
        </section>
      )}
      {canManage ? (
        <section aria-labelledby="add-key" className="space-y-3">
          <h2 id="add-key" className="text-lg font-semibold">
            Add a key
          </h2>
          <AddKeyForm
            defaultEnvironment={sandbox.test ? "test" : "production"}
            sandbox={sandbox}
            sandboxPreparing={sandboxPreparing}
            onAdded={() => {
              setAdded(true);
              router.refresh();
            }}
          />
          {added && (
            <p className="text-sm">
              <Link href="/" className="link" prefetch={false}>
                Open the dashboard
              </Link>
            </p>
          )}
        </section>
      ) : (
        keys.length > 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">Only owners and admins add and remove keys.</p>
        )
      )}
    </div>
  );
}
