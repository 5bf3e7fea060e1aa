"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import type { NavSection } from "@/lib/ui/navigation";

interface SidebarProps {
  sections: NavSection[];
  /** Whether the person's role shows the audit trail (all of it, or their own entries). */
  activity?: boolean;
  /** Where the Insights link goes (Supplier and Employee keys: `app/(dashboard)/insights`; a rep's with their accounts), or none. */
  insights?: string;
}

/**
 * The dashboard's navigation: the pages the active key may see, the current one marked for assistive technology.
 * Below the `md` breakpoint it folds behind a "Menu" button.
 */
export function Sidebar({ sections, activity = true, insights }: SidebarProps) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // An entry's address may carry a query ("My accounts"): the page is its path.
  const current = (address: string) => {
    const href = address.split("?")[0]!;
    const paths = sections.flatMap((s) => s.entries.map((e) => e.href.split("?")[0]!));
    return pathname === href || (pathname.startsWith(`${href}/`) && !paths.some((p) => p !== href && p.startsWith(href) && pathname.startsWith(p)));
  };
  const link = (href: string, label: string) => (
    <Link
      href={href as never}
      prefetch={false}
      aria-current={current(href) ? "page" : undefined}
      onClick={() => setOpen(false)}
      className="block rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-200 aria-[current=page]:bg-slate-800 aria-[current=page]:font-semibold aria-[current=page]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-200 dark:aria-[current=page]:text-slate-950"
    >
      {label}
      <PendingHint />
    </Link>
  );
  return (
    <aside className="border-b border-slate-300 bg-white print:hidden md:sticky md:top-0 md:h-screen md:w-56 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-center justify-between px-4 py-3">
        <Link href="/" prefetch={false} className="text-lg font-bold tracking-tight">
          Backroom
        </Link>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="sidebar-nav"
          onClick={() => setOpen((o) => !o)}
          className="rounded border border-slate-400 px-2 py-1 text-sm md:hidden"
        >
          Menu
        </button>
      </div>
      <nav id="sidebar-nav" aria-label="Dashboard" className={`${open ? "block" : "hidden"} px-2 pb-4 md:block`}>
        <ul className="mt-1">
          <li>{link("/", "Overview")}</li>
          {insights && <li>{link(insights, "Insights")}</li>}
        </ul>
        {sections.map((section) => (
          <div key={section.label} className="mt-3">
            <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{section.label}</h2>
            <ul className="mt-1 space-y-0.5">
              {section.entries.map((entry) => (
                <li key={entry.href}>{link(entry.href, entry.label)}</li>
              ))}
            </ul>
          </div>
        ))}
        <div className="mt-3 border-t border-slate-300 pt-3 dark:border-slate-700">
          <ul className="space-y-0.5">
            <li>{link("/saved-views", "Saved views")}</li>
            {activity && <li>{link("/activity", "Activity")}</li>}
            <li>{link("/requests", "Request log")}</li>
            <li>{link("/docs/api", "API reference")}</li>
          </ul>
        </div>
      </nav>
    </aside>
  );
}

/**
 * A dot beside the link just clicked while its page is on its way (the server sends a page's title and skeletons at
 * once, so this is brief); always there, so showing it moves nothing.
 */
function PendingHint() {
  const { pending } = useLinkStatus();
  return <span aria-hidden="true" className={`ml-1.5 inline-block h-1.5 w-1.5 rounded-full align-middle ${pending ? "animate-pulse bg-current" : "bg-transparent"}`} />;
}
