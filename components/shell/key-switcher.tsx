"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SessionKey } from "@/lib/session/session-view";
import { sessionClient } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";

/** The key in use, and the workspace's others to work with instead; the page reloads its data for the new key. */
export function KeySwitcher({ keys, activeKeyId }: { keys: SessionKey[]; activeKeyId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function change(keyId: string) {
    setBusy(true);
    setFailure(undefined);
    const result = await sessionClient.chooseKey(keyId);
    setBusy(false);
    if (!result.ok) setFailure(describeFailure(result.error, { what: "that key", doing: "switch to", service: "Backroom" }).message);
    // A page the new key may not see shows why; the overview is always there.
    router.refresh();
  }
  return (
    <div className="flex min-w-0 items-center gap-1 text-xs">
      <label htmlFor="key-switcher" className="whitespace-nowrap text-slate-800 dark:text-slate-200">
        Key
      </label>
      <select
        id="key-switcher"
        value={activeKeyId}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
        className="max-w-56 min-w-0 truncate rounded border border-slate-400 bg-white px-1 py-0.5 dark:bg-slate-900"
      >
        {keys.map((key) => (
          <option key={key.id} value={key.id}>
            {key.label} ({key.keyType}, {key.environment === "test" ? "Test" : "Production"})
          </option>
        ))}
      </select>
      {failure && (
        <span role="alert" className="text-red-800 dark:text-red-300">
          {failure}
        </span>
      )}
    </div>
  );
}
