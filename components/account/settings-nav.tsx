"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The workspace's settings pages, in the order the navigation shows them. */
export const SETTINGS_PAGES = [
  { href: "/settings/members", label: "Members" },
  { href: "/settings/keys", label: "Keys" },
  { href: "/settings/workspace", label: "Workspace" },
] as const;

/** The settings pages' navigation; the page shown is marked for screen readers (aria-current) and by sight. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Workspace settings">
      <ul className="flex gap-1 border-b border-slate-300 text-sm dark:border-slate-700">
        {SETTINGS_PAGES.map((page) => {
          const current = pathname === page.href;
          return (
            <li key={page.href}>
              <Link
                href={page.href}
                prefetch={false}
                aria-current={current ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 ${current ? "border-sky-800 font-semibold dark:border-sky-300" : "border-transparent text-slate-700 hover:border-slate-400 dark:text-slate-300"}`}
              >
                {page.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
