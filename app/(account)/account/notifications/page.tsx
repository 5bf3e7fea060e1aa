import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { NotificationSettings } from "@/components/account/notification-settings";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { notificationSettings } from "@/lib/server/notifications/settings-api";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";

export const metadata: Metadata = { title: "Notifications · Backroom" };

export default async function NotificationsSettingsPage() {
  const session = await currentSession(backend);
  if (!session) redirect("/sign-in?next=%2Faccount%2Fnotifications");
  const [initial, jar] = await Promise.all([notificationSettings(session.actor, await backend()), cookies()]);
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Backroom follows your payment requests and purchase orders and watches your workspace&apos;s data while no tab
          is open, and tells you what happened: in the inbox under the bell, by email, or both.
        </p>
      </div>
      <NotificationSettings initial={initial} zone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)} />
    </div>
  );
}
