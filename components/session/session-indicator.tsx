import Link from "next/link";
import type { SessionKey } from "@/lib/session/connect";
import { EnvironmentBadge } from "./environment-badge";

interface SessionIndicatorProps {
  active: SessionKey | undefined;
  /** Whether the embedded sandbox serves any environment (then every page says so, connected or not). */
  sandboxOn: boolean;
}

/** The header's right side: which key is in use and where, or an invitation to connect. */
export function SessionIndicator({ active, sandboxOn }: SessionIndicatorProps) {
  if (!active) {
    return (
      <div className="ml-auto flex items-center gap-3 text-sm">
        {sandboxOn && <span className="rounded bg-violet-200 px-1.5 py-0.5 text-xs font-semibold text-violet-950 dark:bg-violet-300">Sandbox</span>}
        <Link href="/connect" prefetch={false} className="link">
          Connect
        </Link>
      </div>
    );
  }
  return (
    <div className="ml-auto flex min-w-0 items-center gap-3 text-sm">
      <EnvironmentBadge environment={active.environment} sandbox={active.sandbox} />
      <span className="truncate" title={`${active.keyType} key`}>
        {active.label}
      </span>
      <Link href="/connect" prefetch={false} className="link whitespace-nowrap">
        Keys
      </Link>
    </div>
  );
}

/** A full-width notice above everything while the key in use is a Test key, as payment dashboards mark test mode. */
export function TestModeBanner({ active }: { active: SessionKey | undefined }) {
  if (active?.environment !== "test") return null;
  return (
    <div className="bg-amber-300 px-4 py-1 text-center text-sm font-semibold text-amber-950" role="region" aria-label="Environment">
      Test environment{active.sandbox ? " (sandbox)" : ""}: not production data.
    </div>
  );
}
