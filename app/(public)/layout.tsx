import Link from "next/link";
import { SessionIndicator } from "@/components/session/session-indicator";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { sandboxEnabled } from "@/lib/server/core/env";

/** Pages anyone may open (sign in, sign up, an invitation, the API reference): a plain header, no dashboard. */
export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const session = await currentSession(backend);
  return (
    <>
      <header className="border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
        {/* One row on a phone too: links of 44 px, and the name (which opens the dashboard) stands for Dashboard there. */}
        <div className="mx-auto flex min-h-14 max-w-7xl items-center gap-4 px-4 sm:gap-6 sm:px-6 sm:py-3 lg:px-8">
          <Link
            href={session ? "/" : "/docs/api"}
            prefetch={false}
            className="inline-flex min-h-11 shrink-0 items-center text-lg font-bold tracking-tight text-slate-900 sm:min-h-0 dark:text-slate-50"
          >
            Backroom
          </Link>
          <nav aria-label="Main">
            <ul className="flex gap-4 text-sm whitespace-nowrap">
              {session && (
                <li className="max-sm:hidden">
                  <Link href="/" prefetch={false} className="link">
                    Dashboard
                  </Link>
                </li>
              )}
              <li>
                <Link href="/docs/api" prefetch={false} className="link inline-flex min-h-11 items-center sm:min-h-0">
                  API reference
                </Link>
              </li>
            </ul>
          </nav>
          <SessionIndicator person={session?.view.person} sandboxOn={sandboxEnabled} />
        </div>
      </header>
      {children}
    </>
  );
}
