"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import type { SidebarModel } from "@/lib/ui/sidebar";
import { NAV_ID } from "./menu-parts";
import { useShellMenu } from "./shell-menu";

/** In the phone's menu the links stand two to a row (half the scrolling), one to a row at a desk. */
const PHONE_COLUMNS = "grid grid-cols-2 gap-x-2 md:block";

/**
 * The dashboard's navigation (`sidebarFor`): the pages the active key may see, the current one marked for assistive
 * technology. At `md` and up a column beside the page; below it, the lower part of the header's menu (`ShellMenu`),
 * shown while the menu is open.
 */
export function Sidebar({ model }: { model: SidebarModel }) {
  const pathname = usePathname();
  const { open, close } = useShellMenu();
  // An entry's address may carry a query ("My accounts"): the page is its path.
  const paths = [...model.head, ...model.sections.flatMap((s) => s.entries), ...model.tail].map(
    (e) => e.href.split("?")[0]!,
  );
  const current = (address: string) => {
    const href = address.split("?")[0]!;
    return (
      pathname === href ||
      (href !== "/" &&
        pathname.startsWith(`${href}/`) &&
        !paths.some((p) => p !== href && p.startsWith(href) && pathname.startsWith(p)))
    );
  };
  const list = (links: { href: string; label: string }[], className: string) => (
    <ul className={className}>
      {links.map(({ href, label }) => (
        <li key={href}>
          <Link
            href={href as never}
            prefetch={false}
            aria-current={current(href) ? "page" : undefined}
            onClick={() => close()}
            className="flex min-h-11 items-center rounded px-2 py-1 text-base text-slate-800 hover:bg-slate-200 aria-[current=page]:bg-slate-800 aria-[current=page]:font-semibold aria-[current=page]:text-white md:block md:min-h-0 md:text-sm dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-200 dark:aria-[current=page]:text-slate-950"
          >
            {label}
            <PendingHint />
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <aside
      className={`${open ? "block" : "hidden"} border-b border-slate-300 bg-white print:hidden md:sticky md:top-0 md:col-start-1 md:row-span-2 md:row-start-1 md:block md:h-screen md:w-56 md:self-start md:overflow-y-auto md:border-r md:border-b-0 dark:border-slate-700 dark:bg-slate-900`}
    >
      <div className="hidden px-4 py-3 md:block">
        <Link href="/" prefetch={false} className="text-lg font-bold tracking-tight">
          Backroom
        </Link>
      </div>
      <nav id={NAV_ID} aria-label="Dashboard" className="px-2 pt-2 pb-4 md:pt-0">
        {list(model.head, `${PHONE_COLUMNS} md:mt-1`)}
        {model.sections.map((section) => (
          <div key={section.label} className="mt-3">
            <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {section.label}
            </h2>
            {list(section.entries, `${PHONE_COLUMNS} mt-1 md:space-y-0.5`)}
          </div>
        ))}
        <div className="mt-3 border-t border-slate-300 pt-3 dark:border-slate-700">
          {list(model.tail, `${PHONE_COLUMNS} md:space-y-0.5`)}
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
  return (
    <span
      aria-hidden="true"
      className={`ml-1.5 inline-block h-1.5 w-1.5 shrink-0 rounded-full align-middle ${pending ? "animate-pulse bg-current" : "bg-transparent"}`}
    />
  );
}
