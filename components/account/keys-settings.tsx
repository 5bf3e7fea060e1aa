"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sessionClient } from "@/lib/session/session-client";
import type { SessionKey } from "@/lib/session/session-view";
import { describeFailure } from "@/lib/ui/failure";
import { AddKeyForm } from "./add-key-form";
import { FormStatus, type Outcome } from "./form-bits";
import { KeyList } from "./key-list";
import { useAction } from "./use-action";

interface KeysSettingsProps {
  keys: SessionKey[];
  activeKeyId: string | null;
  /** Owners and admins (`keys: ["manage"]`). */
  canManage: boolean;
  /** Whether the sandbox serves the test environment (then Test is ticked first). */
  sandboxTest: boolean;
  timeZone: string;
}

/** The Keys page: the workspace's keys, and for owners and admins adding and removing them. */
export function KeysSettings({ keys, activeKeyId, canManage, sandboxTest, timeZone }: KeysSettingsProps) {
  const router = useRouter();
  const { run } = useAction();
  const [removing, setRemoving] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [added, setAdded] = useState(false);

  const remove = (key: SessionKey) =>
    run(async () => {
      setOutcome(undefined);
      setRemoving(key.id);
      const result = await sessionClient.removeKey(key.id);
      setRemoving(undefined);
      if (!result.ok) return setOutcome({ tone: "error", text: describeFailure(result.error, { what: `the key “${key.label}”`, doing: "remove", service: "Backroom" }).message });
      setOutcome({ tone: "ok", text: `Removed the key “${key.label}” (…${key.hint}).` });
      router.refresh();
    });

  return (
    <div className="space-y-8">
      {keys.length === 0 ? (
        <p role="note" className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {canManage
            ? "This workspace has no Data API key yet. Adding one is the first step: the dashboard opens once the workspace has a key."
            : "This workspace has no Data API key yet, and the dashboard waits for one. Only owners and admins add keys: ask one of them."}
        </p>
      ) : (
        <KeyList keys={keys} activeKeyId={activeKeyId} canManage={canManage} timeZone={timeZone} removing={removing} onRemove={remove} />
      )}
      <FormStatus outcome={outcome} />
      {canManage ? (
        <section aria-labelledby="add-key" className="space-y-3">
          <h2 id="add-key" className="text-lg font-semibold">
            Add a key
          </h2>
          <AddKeyForm
            defaultEnvironment={sandboxTest ? "test" : "production"}
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
        keys.length > 0 && <p className="text-sm text-slate-700 dark:text-slate-300">Only owners and admins add and remove keys.</p>
      )}
    </div>
  );
}
