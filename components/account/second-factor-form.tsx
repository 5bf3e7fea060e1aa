"use client";

import { PRIMARY } from "@/lib/ui/styles";
import { SIGN_IN_FIELD } from "./sign-in-field";
import type { SignInState } from "./use-sign-in";

interface SecondFactorFormProps {
  signIn: SignInState;
  /** The field's id, for its label. */
  codeId: string;
  /** The sign-in's status region, which says why a code was refused. */
  statusId: string;
}

/** The second step of a password sign-in: a code from the authenticator app, or a backup code. */
export function SecondFactorForm({ signIn, codeId, statusId }: SecondFactorFormProps) {
  const { secondFactor, code, setCode, busy, setSecondFactor, withCode } = signIn;
  return (
    <form onSubmit={(e) => void withCode(e)} className="space-y-4" aria-describedby={statusId}>
      <p className="text-sm">Your account has a second factor.</p>
      <div>
        <label htmlFor={codeId} className="block text-sm font-semibold">
          {secondFactor === "backup" ? "A backup code" : "The code from your authenticator app"}
        </label>
        <input
          id={codeId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={secondFactor === "totp" ? "numeric" : "text"}
          className={SIGN_IN_FIELD}
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
  );
}
