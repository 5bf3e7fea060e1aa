"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { sessionClient } from "@/lib/session/session-client";
import { ENVIRONMENT_CHOICES } from "@/lib/session/session-view";
import { describeFailure } from "@/lib/ui/failure";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { usePasskeyHostProblem } from "./use-passkey-host";
import { useSandboxPreparing } from "./use-sandbox-preparing";

interface SignInFormProps {
  /** Whether each environment is served by the embedded sandbox (then the demo is offered). */
  sandbox: Record<"production" | "test", boolean>;
  /** Whether the sandbox was still being prepared (the server just started) as the page was drawn. */
  sandboxPreparing?: boolean;
  /** Where to go once signed in (a path of this site), if the person was sent here. */
  next?: string;
  /** The OpenID Connect provider's name, when single sign-on is configured. */
  sso?: string;
  /** The email to start with (an invitation's). */
  email?: string;
  /** The host the page was asked for (its `Host` header): the note about passkeys at an IP address is drawn on the server. */
  host?: string;
}

const DEMOS = [
  { as: "Customer", label: "Try as a retailer" },
  { as: "Supplier", label: "Try as a brand" },
  { as: "Employee", label: "Try as an employee" },
] as const;

const FIELD =
  "mt-1 w-full rounded border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50";

/** better-auth's error as the person reads it: its message, and how long to wait when it said so. */
function wordsOf(
  error: { code?: string; message?: string; status?: number; statusText?: string } | null | undefined,
  fallback: string,
): string {
  return error?.message || error?.statusText || fallback;
}

/** A second factor's refusal in words: better-auth's "Invalid backup code" does not say that each works once. */
function codeFailure(error: Parameters<typeof wordsOf>[0], backup: boolean): string {
  if (error?.code === "INVALID_BACKUP_CODE")
    return "That backup code did not sign you in: it is not one of yours, or it was used already (each works once).";
  if (error?.code === "INVALID_CODE")
    return backup
      ? "That code did not sign you in."
      : "That code did not match: type the one your authenticator app shows now.";
  if (error?.code === "INVALID_TWO_FACTOR_COOKIE")
    return "This sign-in took too long: sign in with your password again.";
  return wordsOf(error, "That code did not sign you in.");
}

/**
 * A password sign-in's refusal in words. An address not yet confirmed (only where Backroom sends mail) has been sent a
 * new link by better-auth as it refused: the person is told to open it, not just that the address is "not verified".
 */
function passwordFailure(error: Parameters<typeof wordsOf>[0], email: string): string {
  if (error?.code === "EMAIL_NOT_VERIFIED")
    return `Confirm your email address first: Backroom has mailed a new link to ${email}. Open it to sign in.`;
  return wordsOf(error, "Those details did not sign you in.");
}

/**
 * Sign in: email and password (then the second factor, when the account has one), a passkey, single sign-on where it
 * is configured, and on the sandbox the demo people. Signed in, the person goes where they were going.
 */
export function SignInForm({
  sandbox,
  sandboxPreparing = false,
  next,
  sso,
  email: initialEmail,
  host,
}: SignInFormProps) {
  const router = useRouter();
  const ids = { email: useId(), password: useId(), code: useId(), status: useId(), demo: useId(), demoStatus: useId() };
  const preparing = useSandboxPreparing(sandboxPreparing);
  /** The demo button pressed, while its sign-in runs. */
  const [opening, setOpening] = useState<"Customer" | "Supplier" | "Employee">();
  const [email, setEmail] = useState(initialEmail ?? "");
  const passkeyProblem = usePasskeyHostProblem(host);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [secondFactor, setSecondFactor] = useState<"totp" | "backup" | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [signedIn, setSignedIn] = useState<string>();
  const [environment, setEnvironment] = useState<"production" | "test">(sandbox.test ? "test" : "production");
  const goOn = (name: string) => {
    setSignedIn(name);
    router.push((next ?? "/") as never);
    router.refresh();
  };

  async function withPassword(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    const { data, error } = await authClient.signIn.email({ email: email.trim(), password });
    setBusy(false);
    if (error) return setFailure(passwordFailure(error, email.trim()));
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) return setSecondFactor("totp");
    goOn(data && "user" in data ? data.user.name : email);
  }

  async function withCode(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    const { data, error } =
      secondFactor === "backup"
        ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
        : await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setBusy(false);
    if (error) {
      // The password step has lapsed: back to it.
      if (error.code === "INVALID_TWO_FACTOR_COOKIE") setSecondFactor(undefined);
      return setFailure(codeFailure(error, secondFactor === "backup"));
    }
    goOn(data?.user?.name ?? email);
  }

  async function withPasskey() {
    setBusy(true);
    setFailure(undefined);
    const result = await authClient.signIn.passkey();
    setBusy(false);
    if (result?.error) return setFailure(wordsOf(result.error, "The passkey did not sign you in."));
    goOn(
      result?.data && "user" in result.data
        ? String((result.data as { user: { name: string } }).user.name)
        : "your passkey",
    );
  }

  async function withSso() {
    setBusy(true);
    setFailure(undefined);
    const { error } = await authClient.signIn.social({
      provider: "oidc",
      callbackURL: next ?? "/",
      errorCallbackURL: "/sign-in?sso=failed",
    });
    if (error) {
      setBusy(false);
      setFailure(wordsOf(error, `${sso} did not answer.`));
    }
  }

  async function asDemo(as: "Customer" | "Supplier" | "Employee") {
    setBusy(true);
    setOpening(as);
    setFailure(undefined);
    // Answered once the sandbox is ready: while it is being prepared, the request waits for it.
    const result = await sessionClient.demo({ as, environment });
    setBusy(false);
    setOpening(undefined);
    if (!result.ok)
      return setFailure(
        result.status === 400
          ? result.message
          : describeFailure(result.error, { what: "the demo", doing: "open", service: "Backroom" }).message,
      );
    goOn(`${result.data.person.name}, ${result.data.workspace?.name ?? "a demo workspace"}`);
  }

  return (
    <div className="space-y-6">
      {secondFactor ? (
        <form onSubmit={(e) => void withCode(e)} className="space-y-4" aria-describedby={ids.status}>
          <p className="text-sm">Your account has a second factor.</p>
          <div>
            <label htmlFor={ids.code} className="block text-sm font-semibold">
              {secondFactor === "backup" ? "A backup code" : "The code from your authenticator app"}
            </label>
            <input
              id={ids.code}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              inputMode={secondFactor === "totp" ? "numeric" : "text"}
              className={FIELD}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy || !code.trim()} className={PRIMARY}>
              {busy ? "Checking…" : "Verify"}
            </button>
            <button
              type="button"
              className="link text-sm"
              onClick={() => setSecondFactor(secondFactor === "backup" ? "totp" : "backup")}
            >
              {secondFactor === "backup" ? "Use the authenticator app" : "Use a backup code instead"}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={(e) => void withPassword(e)} className="space-y-4" aria-describedby={ids.status}>
          <div>
            <label htmlFor={ids.email} className="block text-sm font-semibold">
              Email
            </label>
            <input
              id={ids.email}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="username webauthn"
              required
              className={FIELD}
            />
          </div>
          <div>
            <label htmlFor={ids.password} className="block text-sm font-semibold">
              Password
            </label>
            <input
              id={ids.password}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
              className={FIELD}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy} className={PRIMARY}>
              {busy && !opening ? "Signing in…" : "Sign in"}
            </button>
            {!passkeyProblem && (
              <button type="button" disabled={busy} onClick={() => void withPasskey()} className={BUTTON}>
                Sign in with a passkey
              </button>
            )}
            {sso && (
              <button type="button" disabled={busy} onClick={() => void withSso()} className={BUTTON}>
                Sign in with {sso}
              </button>
            )}
          </div>
          <p className="text-sm">
            <Link
              href={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"}
              className="link"
              prefetch={false}
            >
              Create an account
            </Link>
            {" · "}
            <Link href="/forgot-password" className="link" prefetch={false}>
              Forgot your password?
            </Link>
          </p>
        </form>
      )}
      {passkeyProblem && !secondFactor && (
        <p className="text-sm text-slate-700 dark:text-slate-300">{passkeyProblem}</p>
      )}
      <div id={ids.status} role="status" aria-live="polite" className="text-sm">
        {failure && <p className="text-red-800 dark:text-red-300">{failure}</p>}
        {signedIn && (
          <p className="rounded border border-emerald-600 bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
            Signed in as {signedIn}.
          </p>
        )}
      </div>
      {(sandbox.test || sandbox.production) && (
        <section aria-labelledby={ids.demo} className="border-t border-slate-300 pt-4 dark:border-slate-700">
          <h2 id={ids.demo} className="text-sm font-semibold">
            No account? Try the demo
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A demo person of the sandbox, owner of a workspace with realistic seeded data.
          </p>
          {/* Drawn with the page (no live region to wait for): only while the sandbox is being prepared. */}
          {preparing && (
            <p
              id={ids.demoStatus}
              role="status"
              className="mt-2 rounded border border-sky-700 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100"
            >
              Preparing the sandbox… Backroom has just started and is setting up the demo&apos;s data. A demo chosen now
              opens as soon as it is ready.
            </p>
          )}
          <fieldset className="mt-2">
            <legend className="text-sm">Environment</legend>
            <div className="mt-1 flex gap-4">
              {ENVIRONMENT_CHOICES.filter((choice) => sandbox[choice.value]).map((choice) => (
                <label key={choice.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="demo-environment"
                    value={choice.value}
                    checked={environment === choice.value}
                    onChange={() => setEnvironment(choice.value)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-2 flex flex-wrap gap-2">
            {DEMOS.map((d) => (
              <button
                key={d.as}
                type="button"
                disabled={busy}
                onClick={() => void asDemo(d.as)}
                aria-describedby={preparing ? ids.demoStatus : undefined}
                className={BUTTON}
              >
                {opening === d.as ? (preparing ? "Preparing the sandbox…" : "Opening the demo…") : d.label}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
