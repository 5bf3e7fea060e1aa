"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SessionKey } from "@/lib/session/session-view";
import { sessionClient } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import { HEADER_FIELD, HEADER_LABEL, HEADER_SELECT } from "./header-field";

/**
 * The key in use, and the workspace's others to work with instead; the page reloads its data for the new key. `badge`:
 * its environment, beside the label.
 */
export function KeySwitcher({
  keys,
  activeKeyId,
  badge,
}: {
  keys: SessionKey[];
  activeKeyId: string;
  badge?: React.ReactNode;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function change(keyId: string) {
    setBusy(true);
    setFailure(undefined);
    const result = await sessionClient.chooseKey(keyId);
    setBusy(false);
    if (!result.ok)
      setFailure(describeFailure(result.error, { what: "that key", doing: "switch to", service: "Backroom" }).message);
    // A page the new key may not see shows why; the overview is always there.
    router.refresh();
  }
  return (
    <div className={HEADER_FIELD}>
      <span className="flex items-center gap-2 md:gap-1">
        {badge}
        <label htmlFor="key-switcher" className={HEADER_LABEL}>
          Key
        </label>
      </span>
      <select
        id="key-switcher"
        value={activeKeyId}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
        className={HEADER_SELECT}
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
