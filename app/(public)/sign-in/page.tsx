import type { Metadata } from "next";
import { headers } from "next/headers";
import { SignInForm } from "@/components/account/sign-in-form";
import { ClearDeviceOnLoad } from "@/components/offline/clear-device-on-load";
import { backend, isSandbox, sandboxCheck } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { serverEnv } from "@/lib/server/core/env";
import { safeNext } from "@/lib/session/safe-next";

export const metadata: Metadata = { title: "Sign in · Backroom" };

export default async function SignInPage({ searchParams }: PageProps<"/sign-in">) {
  const [params, incoming, session] = await Promise.all([searchParams, headers(), currentSession(backend)]);
  const sandbox = { production: isSandbox("production"), test: isSandbox("test") };
  const sso = serverEnv.OIDC_ISSUER ? serverEnv.OIDC_NAME : undefined;
  const email = typeof params.email === "string" ? params.email : undefined;
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      {/* Every ended session comes here (signed out, expired, a 401 in the browser): nothing of it stays on the device. */}
      {!session && <ClearDeviceOnLoad />}
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Sign in to Backroom</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Your workspace holds its Data API keys: sign in with your own account and work with them, within your role.
          Nobody in the workspace sees a key again once it is added.
        </p>
      </div>
      {params.expired === "1" && (
        <p
          role="alert"
          className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          Your session has ended. Sign in again to go back where you were.
        </p>
      )}
      {params.reset === "done" && (
        <p
          role="status"
          className="rounded border border-emerald-600 bg-emerald-50 px-3 py-2 text-sm text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100"
        >
          Your password is set: sign in with it.
        </p>
      )}
      {params.sso === "failed" && (
        <p
          role="alert"
          className="rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950 dark:bg-red-950 dark:text-red-100"
        >
          Single sign-on did not sign you in. Try again, or sign in with your password.
        </p>
      )}
      <SignInForm
        sandbox={sandbox}
        sandboxPreparing={sandboxCheck() === "preparing"}
        next={safeNext(params.next)}
        sso={sso}
        email={email}
        host={incoming.get("host") ?? undefined}
      />
    </main>
  );
}
