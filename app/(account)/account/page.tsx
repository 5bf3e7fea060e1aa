import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { PasskeyList } from "@/components/account/passkey-list";
import { PasswordForm } from "@/components/account/password-form";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionList } from "@/components/account/session-list";
import { TwoFactorRequired } from "@/components/account/two-factor-required";
import { TwoFactorSettings } from "@/components/account/two-factor-settings";
import { YourDay } from "@/components/account/your-day";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { safeNext } from "@/lib/session/safe-next";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { requirePerson } from "../_lib/person";
import { sessionsAndPasskeys } from "./_lib/sessions-and-passkeys";

export const metadata: Metadata = { title: "Account · Backroom" };

export default async function AccountPage({ searchParams }: PageProps<"/account">) {
  const [view, params, session, jar] = await Promise.all([
    requirePerson(),
    searchParams,
    currentSession(backend),
    cookies(),
  ]);
  const { sessions, passkeys, host } = await sessionsAndPasskeys(session?.actor.session.id);
  const timeZone = parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC";
  const next = safeNext(params.next) ?? "/";
  const required = params.required === "two-factor" || view.needsTwoFactor;
  const section = "space-y-3 border-t border-slate-300 pt-6 dark:border-slate-700";
  // The route plan's day is a rep's: a member linked to one with a staff key; a staff member not linked is told why.
  const staff = view.keys.find((k) => k.id === view.activeKeyId)?.keyType === "Employee";
  return (
    <div className="max-w-3xl space-y-8">
      {required && (
        <TwoFactorRequired workspaceName={view.workspace?.name} enabled={view.person.twoFactorEnabled} next={next} />
      )}
      <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
      <section aria-labelledby="profile" className="space-y-3">
        <h2 id="profile" className="text-lg font-semibold">
          Profile
        </h2>
        <ProfileForm name={view.person.name} email={view.person.email} />
      </section>
      <section aria-labelledby="notifications" className={section}>
        <h2 id="notifications" className="text-lg font-semibold">
          Notifications
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          What Backroom tells you while no tab is open, in the inbox or by email, and your daily digest:{" "}
          <Link href="/account/notifications" className="link" prefetch={false}>
            notification settings
          </Link>
          .
        </p>
      </section>
      {staff && <YourDay linked={view.salesRepUserId !== null} className={section} />}
      <section aria-labelledby="password" className={section}>
        <h2 id="password" className="text-lg font-semibold">
          Password
        </h2>
        <PasswordForm />
      </section>
      <section aria-labelledby="two-factor" className={section}>
        <h2 id="two-factor" className="text-lg font-semibold">
          Two factors
        </h2>
        <TwoFactorSettings enabled={view.person.twoFactorEnabled} />
      </section>
      <section aria-labelledby="passkeys" className={section}>
        <h2 id="passkeys" className="text-lg font-semibold">
          Passkeys
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          A passkey signs you in with your device&apos;s lock (a fingerprint, a face, a PIN) instead of your password.
        </p>
        <PasskeyList initial={passkeys} timeZone={timeZone} host={host} />
      </section>
      <section aria-labelledby="sessions" className={section}>
        <h2 id="sessions" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <SessionList initial={sessions} currentId={session?.actor.session.id ?? ""} timeZone={timeZone} />
      </section>
    </div>
  );
}
