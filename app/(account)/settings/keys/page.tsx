import type { Metadata } from "next";
import { cookies } from "next/headers";
import { KeysSettings } from "@/components/account/keys-settings";
import { isSandbox, sandboxCheck } from "@/lib/backend";
import { may } from "@/lib/session/roles";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { requireWorkspace } from "../../_lib/person";

export const metadata: Metadata = { title: "Keys · Backroom" };

export default async function KeysPage() {
  const [view, jar] = await Promise.all([requireWorkspace(), cookies()]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Keys</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
          The workspace&apos;s Data API keys, held once for everyone in it: each member works with them within their
          role, and nobody sees a key again once it is added. A key&apos;s type decides what the dashboard shows.
        </p>
      </div>
      <KeysSettings
        key={view.workspace.id}
        keys={view.keys}
        activeKeyId={view.activeKeyId}
        canManage={may(view.role, { keys: ["manage"] })}
        sandbox={{ production: isSandbox("production"), test: isSandbox("test") }}
        sandboxPreparing={sandboxCheck() === "preparing"}
        timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC"}
      />
    </div>
  );
}
