"use client";

import Link from "next/link";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { SIGN_IN_FIELD } from "./sign-in-field";
import type { SignInState } from "./use-sign-in";

interface PasswordSignInFormProps {
  signIn: SignInState;
  ids: { email: string; password: string; status: string };
  /** Why passkeys cannot work on this host, if they cannot (then no passkey button). */
  passkeyProblem: string | undefined;
  sso: string | undefined;
  next: string | undefined;
}

/** Email and password, with a passkey and single sign-on beside them, and the links to sign up or reset. */
export function PasswordSignInForm({ signIn, ids, passkeyProblem, sso, next }: PasswordSignInFormProps) {
  const { email, setEmail, password, setPassword, busy, opening } = signIn;
  return (
    <form onSubmit={(e) => void signIn.withPassword(e)} className="space-y-4" aria-describedby={ids.status}>
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
          className={SIGN_IN_FIELD}
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
          className={SIGN_IN_FIELD}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={PRIMARY}>
          {busy && !opening ? "Signing in…" : "Sign in"}
        </button>
        {!passkeyProblem && (
          <button type="button" disabled={busy} onClick={() => void signIn.withPasskey()} className={BUTTON}>
            Sign in with a passkey
          </button>
        )}
        {sso && (
          <button type="button" disabled={busy} onClick={() => void signIn.withSso()} className={BUTTON}>
            Sign in with {sso}
          </button>
        )}
      </div>
      <p className="text-sm">
        <Link href={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"} className="link" prefetch={false}>
          Create an account
        </Link>
        {" · "}
        <Link href="/forgot-password" className="link" prefetch={false}>
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
