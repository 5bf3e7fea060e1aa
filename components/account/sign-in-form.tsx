"use client";

import { useId } from "react";
import { PasswordSignInForm } from "./password-sign-in-form";
import { SecondFactorForm } from "./second-factor-form";
import { SignInDemo } from "./sign-in-demo";
import { usePasskeyHostProblem } from "./use-passkey-host";
import { useSandboxPreparing } from "./use-sandbox-preparing";
import { useSignIn } from "./use-sign-in";

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
  const ids = { email: useId(), password: useId(), code: useId(), status: useId(), demo: useId(), demoStatus: useId() };
  const preparing = useSandboxPreparing(sandboxPreparing);
  const signIn = useSignIn({ sandbox, next, sso, initialEmail });
  const passkeyProblem = usePasskeyHostProblem(host);
  const { secondFactor, failure, signedIn } = signIn;

  return (
    <div className="space-y-6">
      {secondFactor ? (
        <SecondFactorForm signIn={signIn} codeId={ids.code} statusId={ids.status} />
      ) : (
        <PasswordSignInForm signIn={signIn} ids={ids} passkeyProblem={passkeyProblem} sso={sso} next={next} />
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
        <SignInDemo signIn={signIn} sandbox={sandbox} preparing={preparing} ids={ids} />
      )}
    </div>
  );
}
