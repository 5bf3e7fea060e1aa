"use client";

import { useEffect, useRef, useState } from "react";
import { CopyButton } from "@/components/table/copy-button";
import { authClient } from "@/lib/session/auth-client";
import { totpSecret } from "@/lib/ui/account/account-rows";
import { authFailure } from "@/lib/session/auth-failure";
import { BUTTON } from "@/lib/ui/styles";
import { BusyButton, TextField } from "./form-bits";
import { useAction } from "./use-action";

interface TotpEnrolmentProps {
  /** better-auth's `otpauth://` URI of the new secret. */
  totpUri: string;
  /** Told once a code from the app proved the secret is in it: two factors are on from then. */
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * The second step of turning two factors on: the secret, as text to type and as the otpauth URI to paste, then a code
 * from the app to prove it was added (better-auth turns two factors on only then).
 */
export function TotpEnrolment({ totpUri, onVerified, onCancel }: TotpEnrolmentProps) {
  const { busy, run } = useAction();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);
  const secret = totpSecret(totpUri);
  const stepsRef = useRef<HTMLDivElement>(null);
  // The steps take the focus when they appear: the key comes before the code, for a screen reader too.
  useEffect(() => stepsRef.current?.focus(), []);

  const verify = () =>
    run(async () => {
      setError(undefined);
      const { error: refused } = await authClient.twoFactor.verifyTotp({ code: code.replace(/\s/g, "") });
      if (refused) {
        setError(authFailure(refused, "That code did not match: type the one the app shows now."));
        return codeRef.current?.focus();
      }
      onVerified();
    });

  return (
    <div
      ref={stepsRef}
      tabIndex={-1}
      role="group"
      aria-label="Add Backroom to your authenticator app"
      className="space-y-4 focus:outline-none"
    >
      <ol className="list-decimal space-y-3 pl-5 text-sm">
        <li>
          In your authenticator app, add an account with this key (time-based):
          {secret && (
            <span className="mt-1 flex flex-wrap items-center gap-2">
              <code
                className="code-chip text-base tracking-wider"
                aria-label={`The key: ${secret.split("").join(" ")}`}
              >
                {secret}
              </code>
              <CopyButton text={secret.replace(/\s/g, "")} label="Copy the key:" />
            </span>
          )}
          <span className="mt-2 block">Or paste this link where the app takes one:</span>
          <code className="code-block mt-1 block">{totpUri}</code>
        </li>
        <li>Type the six-digit code the app shows for Backroom.</li>
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
        className="max-w-xs space-y-3"
      >
        <TextField
          label="Code from the app"
          error={error}
          inputRef={codeRef}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
        />
        <div className="flex flex-wrap gap-3">
          <BusyButton busy={busy} busyLabel="Checking…">
            Turn on
          </BusyButton>
          <button type="button" onClick={onCancel} className={BUTTON}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
