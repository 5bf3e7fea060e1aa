import { may } from "@/lib/session/roles";
import { cookies } from "next/headers";
import { BudgetMeter } from "@/components/shell/budget-meter";
import { KeySwitcher } from "@/components/shell/key-switcher";
import { NotificationBell } from "@/components/shell/notification-bell";
import { PersonMenu } from "@/components/shell/person-menu";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import { Providers } from "@/components/shell/providers";
import { Sidebar } from "@/components/shell/sidebar";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { EnvironmentBadge } from "@/components/session/environment-badge";
import { navigationFor } from "@/lib/ui/navigation";
import { insightsHref } from "@/lib/ui/insights/insights-href";
import { withMyAccounts } from "@/lib/ui/my-accounts";
import { parseTheme, parseTimeZone, THEME_COOKIE, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { purchasesV2Available } from "./_lib/purchases-v2";
import { requireSession } from "./_lib/session";
import { unreadCount } from "./_lib/unread";

/** The dashboard: a person signed in, in a workspace with a key (otherwise where they can go on, and back here after). */
export default async function DashboardLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [{ active, keys, view }, jar] = await Promise.all([requireSession(), cookies()]);
  const [purchasesV2, unread] = await Promise.all([purchasesV2Available(active), unreadCount(view.person.id)]);
  const rateLimit = active.rateLimit;
  return (
    <div className="md:flex md:min-h-screen">
      <Sidebar sections={active.keyType === "Employee" ? withMyAccounts(navigationFor(active.keyType), view.salesRepUserId) : navigationFor(active.keyType)} activity={may(view.role, { audit: ["read"] }) || may(view.role, { audit: ["read-own"] })} insights={insightsHref(active.keyType, view.salesRepUserId)} />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center print:hidden gap-x-5 gap-y-2 border-b border-slate-300 bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-900">
          <EnvironmentBadge environment={active.environment} sandbox={active.sandbox} />
          <WorkspaceSwitcher workspaces={view.workspaces} activeId={view.workspace!.id} />
          <KeySwitcher keys={keys} activeKeyId={active.id} />
          <BudgetMeter initial={rateLimit ? { limit: rateLimit.limit, remaining: rateLimit.remaining, resetsAt: Date.parse(rateLimit.resetsAt), seenAt: Date.parse(rateLimit.seenAt) } : undefined} timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)} />
          <div className="ml-auto flex items-center gap-4">
            <ThemeToggle initial={parseTheme(jar.get(THEME_COOKIE)?.value)} />
            <NotificationBell initialUnread={unread} timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)} />
            <PersonMenu name={view.person.name} email={view.person.email} role={view.role!} />
          </div>
        </header>
        <Providers
          key={active.id}
          timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)}
          scope={{ keyType: active.keyType, customers: active.scope.customers, suppliers: active.scope.suppliers, role: view.role!, salesRepUserId: view.salesRepUserId }}
          purchasesV2={purchasesV2}
        >
          <main id="content" tabIndex={-1} className="px-4 py-6 focus:outline-none sm:px-6">
            {children}
          </main>
        </Providers>
      </div>
    </div>
  );
}
