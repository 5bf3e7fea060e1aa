import { may } from "@/lib/session/roles";
import { cookies } from "next/headers";
import { BudgetMeter } from "@/components/shell/budget-meter";
import { KeySwitcher } from "@/components/shell/key-switcher";
import { NotificationBell } from "@/components/shell/notification-bell";
import { PersonMenu } from "@/components/shell/person-menu";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import { Providers } from "@/components/shell/providers";
import { AppHeader } from "@/components/shell/app-header";
import { ShellMenu } from "@/components/shell/shell-menu";
import { Sidebar } from "@/components/shell/sidebar";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { EnvironmentBadge } from "@/components/session/environment-badge";
import { sidebarFor } from "@/lib/ui/sidebar";
import { parseTheme, parseTimeZone, THEME_COOKIE, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { purchasesV2Available } from "./_lib/purchases-v2";
import { requireSession } from "./_lib/session";
import { unreadCount } from "./_lib/unread";

/** The dashboard: a person signed in, in a workspace with a key (otherwise where they can go on, and back here after). */
export default async function DashboardLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [{ active, keys, view }, jar] = await Promise.all([requireSession(), cookies()]);
  const [purchasesV2, unread] = await Promise.all([purchasesV2Available(active), unreadCount(view.person.id)]);
  const rateLimit = active.rateLimit;
  const timeZone = parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value);
  const audit = may(view.role, { audit: ["read"] }) || may(view.role, { audit: ["read-own"] });
  return (
    <ShellMenu className="md:grid md:min-h-screen md:grid-cols-[14rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] print:block!">
      <AppHeader
        variant="dashboard"
        navigation
        context={
          <>
            <WorkspaceSwitcher workspaces={view.workspaces} activeId={view.workspace!.id} />
            <KeySwitcher
              keys={keys}
              activeKeyId={active.id}
              badge={<EnvironmentBadge environment={active.environment} sandbox={active.sandbox} />}
            />
            <BudgetMeter
              initial={
                rateLimit
                  ? {
                      limit: rateLimit.limit,
                      remaining: rateLimit.remaining,
                      resetsAt: Date.parse(rateLimit.resetsAt),
                      seenAt: Date.parse(rateLimit.seenAt),
                    }
                  : undefined
              }
              timeZone={timeZone}
            />
          </>
        }
        theme={<ThemeToggle initial={parseTheme(jar.get(THEME_COOKIE)?.value)} />}
        person={<PersonMenu name={view.person.name} email={view.person.email} role={view.role!} />}
        bell={<NotificationBell initialUnread={unread} timeZone={timeZone} />}
      />
      <Sidebar model={sidebarFor({ keyType: active.keyType, salesRepUserId: view.salesRepUserId, activity: audit })} />
      <Providers
        key={active.id}
        timeZone={timeZone}
        scope={{
          keyType: active.keyType,
          customers: active.scope.customers,
          suppliers: active.scope.suppliers,
          role: view.role!,
          salesRepUserId: view.salesRepUserId,
        }}
        purchasesV2={purchasesV2}
      >
        <main id="content" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none sm:px-6 md:col-start-2">
          {children}
        </main>
      </Providers>
    </ShellMenu>
  );
}
