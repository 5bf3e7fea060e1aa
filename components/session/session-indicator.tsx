import Link from "next/link";
import type { SessionKey, SessionView } from "@/lib/session/session-view";

interface SessionIndicatorProps {
  person: SessionView["person"] | undefined;
  /** Whether the embedded sandbox serves any environment (then every page says so, signed in or not). */
  sandboxOn: boolean;
}

/** The public header's right side: who is signed in, or an invitation to sign in. */
export function SessionIndicator({ person, sandboxOn }: SessionIndicatorProps) {
  return (
    <div className="ml-auto flex min-w-0 items-center gap-3 text-sm">
      {sandboxOn && (
        <span className="rounded bg-violet-200 px-1.5 py-0.5 text-xs font-semibold text-violet-950 dark:bg-violet-300">
          Sandbox
        </span>
      )}
      {person ? (
        <Link href="/account" prefetch={false} className="link block truncate max-sm:py-3" title={person.email}>
          {person.name}
        </Link>
      ) : (
        <Link href="/sign-in" prefetch={false} className="link block whitespace-nowrap max-sm:py-3">
          Sign in
        </Link>
      )}
    </div>
  );
}

/** A full-width notice above everything while the key in use is a Test key, as payment dashboards mark test mode. */
export function TestModeBanner({ active }: { active: SessionKey | undefined }) {
  if (active?.environment !== "test") return null;
  return (
    <div
      className="bg-amber-300 px-4 py-1 text-center text-sm font-semibold text-amber-950"
      role="region"
      aria-label="Environment"
    >
      Test environment{active.sandbox ? " (sandbox)" : ""}: not production data.
    </div>
  );
}
