import Link from "next/link";
import { SessionIndicator } from "@/components/session/session-indicator";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/current-session";
import { sandboxEnabled } from "@/lib/server/env";

/** Pages anyone may open (sign in, sign up, an invitation, the API reference): a plain header, no dashboard. */
export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const session = await currentSession(backend);
  return (
    <>
      <header className="border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3 sm:px-6 lg:px-8">
          <Link href={session ? "/" : "/docs/api"} prefetch={false} className="text-lg font-bold tracking-tight text-slate-900 dark:text-slate-50">
            Backroom
          </Link>
          <nav aria-label="Main">
            <ul className="flex gap-4 text-sm">
              {session && (
                <li>
                  <Link href="/" prefetch={false} className="link">
                    Dashboard
                  </Link>
                </li>
              )}
              <li>
                <Link href="/docs/api" prefetch={false} className="link">
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
