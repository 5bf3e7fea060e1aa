import type { KeyType } from "@/lib/data-api/operation";
import { insightsHref } from "./insights/insights-href";
import { withMyAccounts } from "@/lib/domain/my-accounts";
import { navigationFor, type NavSection } from "@/lib/domain/navigation";

/** A link of the dashboard's menu that is no list operation's page (Overview, Insights, the workspace's own pages). */
export interface SidebarLink {
  href: string;
  label: string;
}

/** Everything the dashboard's navigation links, in its order: the head, the key's sections, the workspace's pages. */
export interface SidebarModel {
  head: SidebarLink[];
  sections: NavSection[];
  tail: SidebarLink[];
}

interface SidebarOptions {
  keyType: KeyType;
  /** The sales rep the person is linked to (an Employee key's "My accounts" and Insights open on their accounts). */
  salesRepUserId: number | null | undefined;
  /** Whether the person's role shows the audit trail (all of it, or their own entries). */
  activity: boolean;
}

/**
 * The dashboard's navigation for a key type, a person's rep link and role: what the sidebar (on a phone, the menu)
 * shows, and what the phone's browser test walks, so a page added to `NAVIGATION` is in both.
 *
 * @example
 * sidebarHrefs(sidebarFor({ keyType: "Customer", salesRepUserId: null, activity: true })).includes("/insights"); // false
 */
export function sidebarFor({ keyType, salesRepUserId, activity }: SidebarOptions): SidebarModel {
  const insights = insightsHref(keyType, salesRepUserId);
  const sections =
    keyType === "Employee" ? withMyAccounts(navigationFor(keyType), salesRepUserId) : navigationFor(keyType);
  return {
    head: [{ href: "/", label: "Overview" }, ...(insights ? [{ href: insights, label: "Insights" }] : [])],
    sections,
    tail: [
      { href: "/saved-views", label: "Saved views" },
      ...(activity ? [{ href: "/activity", label: "Activity" }] : []),
      { href: "/requests", label: "Request log" },
      { href: "/docs/api", label: "API reference" },
    ],
  };
}

/** Every address the navigation links, in its order. */
export function sidebarHrefs(model: SidebarModel): string[] {
  return [...model.head, ...model.sections.flatMap((s) => s.entries), ...model.tail].map((l) => l.href);
}
