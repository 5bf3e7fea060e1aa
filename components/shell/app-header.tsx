import Link from "next/link";
import { HEADER_MENU_ID, MENU_PARTS } from "./menu-parts";
import { MenuButton, MenuPanel } from "./shell-menu";

interface AppHeaderProps {
  /** Where the person works: the environment, workspace and key switchers, the budget meter. */
  context: React.ReactNode;
  /** The theme toggle. */
  theme: React.ReactNode;
  /** The person's name and role with their links (Workspace, Account, Sign out). */
  person: React.ReactNode;
  /** The notification bell: on a phone's one row beside the Menu button, at a desk the row's last. */
  bell?: React.ReactNode;
  /** Whether the Menu button opens the dashboard's navigation too (outside the header: the sidebar at a desk). */
  navigation?: boolean;
  /** The dashboard's header sits beside its sidebar, which names the product at a desk; the account's stands alone. */
  variant: "dashboard" | "account";
}

/**
 * The header's grid. A phone's one row: the product's name, the Menu button and the bell, the menu under them. At a
 * desk the menu's parts are laid out by the header: the dashboard's where the person works across the first row and
 * the theme, the person and the bell at the right of the second (as its one wrapping row had them at a laptop's
 * width); the account's pages name the product, the workspace, then the theme and the person, in one row.
 */
const LAYOUT = {
  dashboard: {
    grid: "grid-cols-[1fr_auto_auto] md:grid-cols-[minmax(0,1fr)_auto_auto] md:gap-y-1",
    context: "md:col-span-full",
    person: "md:col-start-2",
  },
  account: { grid: "grid-cols-[1fr_auto] md:grid-cols-[auto_minmax(0,1fr)_auto]", context: "", person: "" },
} as const;

/**
 * The header of the signed-in pages. On a phone it is one row, the product's name, a Menu button and the bell, and
 * the menu holds the rest (`ShellMenu`). At `md` and up it is groups (`LAYOUT`): where the person works (workspace,
 * the key with its environment, the budget) on the left, the theme and the person, then the bell, on the right.
 */
export function AppHeader({ context, theme, person, bell, navigation = false, variant }: AppHeaderProps) {
  const frame = variant === "dashboard" ? "px-4 md:py-2" : "mx-auto max-w-5xl px-4 sm:px-6 md:py-3";
  return (
    <header
      className={`border-b border-slate-300 bg-white print:hidden dark:border-slate-700 dark:bg-slate-900 ${variant === "dashboard" ? "md:col-start-2 md:row-start-1" : ""}`}
    >
      <div className={`${frame} grid min-h-14 items-center gap-x-2 md:min-h-0 md:gap-x-5 ${LAYOUT[variant].grid}`}>
        <Link
          href="/"
          prefetch={false}
          className={`inline-flex min-h-11 items-center self-center text-lg font-bold tracking-tight text-slate-900 md:min-h-0 dark:text-slate-50 ${variant === "dashboard" ? "md:hidden" : ""}`}
        >
          Backroom
        </Link>
        <MenuButton controls={navigation ? MENU_PARTS.join(" ") : HEADER_MENU_ID} />
        <MenuPanel
          id={HEADER_MENU_ID}
          className="col-span-full flex-col gap-3 border-t border-slate-300 py-4 dark:border-slate-700"
        >
          <div
            className={`flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center md:gap-x-5 md:gap-y-2 ${LAYOUT[variant].context}`}
          >
            {context}
          </div>
          <div className={`flex flex-col gap-3 md:flex-row md:items-center md:gap-x-4 ${LAYOUT[variant].person}`}>
            {theme}
            {person}
          </div>
        </MenuPanel>
        {bell && <div className="col-start-3 row-start-1 md:col-auto md:row-auto">{bell}</div>}
      </div>
    </header>
  );
}
