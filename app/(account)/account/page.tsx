import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import Link from "next/link";
import { DaySection } from "@/components/account/day-section";
import { PasskeyList } from "@/components/account/passkey-list";
import { PasswordForm } from "@/components/account/password-form";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionList } from "@/components/account/session-list";
import { TwoFactorSettings } from "@/components/account/two-factor-settings";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { safeNext } from "@/lib/session/safe-next";
import { passkeyRows, sessionRows } from "@/lib/ui/account/account-rows";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { requirePerson } from "../_lib/person";

export const metadata: Metadata = { title: "Account · Backroom" };

/** The person's sessions and passkeys, read with better-auth's server API for the first paint (no token goes out). */
async function sessionsAndPasskeys(currentId: string | undefined) {
  const [{ auth }, incoming] = await Promise.all([backend(), headers()]);
  // The page's own headers: the cookie, and the host better-auth resolves its address from.
  const asked = new Headers(incoming);
  const [sessions, passkeys] = await Promise.all([
    auth.api.listSessions({ headers: asked }).catch(() => []),
    auth.api.listPasskeys({ headers: asked }).catch(() => []),
  ]);
  return {
    sessions: sessionRows(sessions, currentId),
    passkeys: passkeyRows(passkeys),
    host: incoming.get("host") ?? undefined,
  };
}

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
        <div
          role="note"
          className="space-y-1 rounded border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">
            {view.workspace
              ? `${view.workspace.name} requires two factors of its members.`
              : "Your workspace requires two factors of its members."}
          </p>
          <p>
            {view.person.twoFactorEnabled ? (
              "Yours are on: "
            ) : (
              <>
                Turn yours on{" "}
                <a href="#two-factor" className="link">
                  below
                </a>
                : the dashboard opens once they are.{" "}
              </>
            )}
            <Link href={next as never} className="link" prefetch={false}>
              Back to {next === "/" ? "the dashboard" : "where you were"}
            </Link>
          </p>
        </div>
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
      {staff && (
        <section aria-labelledby="your-day" className={section}>
          <h2 id="your-day" className="text-lg font-semibold">
            Your day
          </h2>
          {view.salesRepUserId !== null ? (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Where your{" "}
                <Link href="/today/plan" className="link" prefetch={false}>
                  route plan
                </Link>{" "}
                starts and ends, and how long your working day and a visit are: the plan chooses the stores that fit.
              </p>
              <DaySection />
            </>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              A route plan&apos;s day is set by a member linked to a sales rep; an owner links members to reps on the
              workspace&apos;s Members page.
            </p>
          )}
        </section>
      )}
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
