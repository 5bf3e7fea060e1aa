import type { Metadata } from "next";
import Link from "next/link";
import { SessionIndicator, TestModeBanner } from "@/components/session/session-indicator";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/current-session";
import { sandboxEnabled } from "@/lib/server/env";
import "./globals.css";

export const metadata: Metadata = {
  title: "Backroom",
  description: "Backroom: a web dashboard, and an embedded sandbox, for the distributor's Data API.",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const session = await currentSession(backend);
  return (
    <html lang="en">
      <body>
        <a href="#content" className="skip-link">
          Skip to content
        </a>
        <TestModeBanner active={session?.active} />
        <header className="border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
          <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3 sm:px-6 lg:px-8">
            <Link href="/docs/api" prefetch={false} className="text-lg font-bold tracking-tight text-slate-900 dark:text-slate-50">
              Backroom
            </Link>
            <nav aria-label="Main">
              <ul className="flex gap-4 text-sm">
                <li>
                  <Link href="/docs/api" prefetch={false} className="link">
                    API reference
                  </Link>
                </li>
              </ul>
            </nav>
            <SessionIndicator active={session?.active} sandboxOn={sandboxEnabled} />
          </div>
        </header>
        {children}
      </body>
    </html>
  );
}
