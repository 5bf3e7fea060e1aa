"use client";

import Link from "next/link";
import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/session/auth-failure";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

interface ForgotPasswordFormProps {
  /** Whether Backroom sends mail (SMTP_URL): without, no link can reach anyone, and the page says so instead. */
  mailDelivers: boolean;
}

/**
 * Asks for a password reset link. The answer is the same whether or not an account has the address (nobody learns
 * who has an account here); the link in the mail leads to /reset-password.
 */
export function ForgotPasswordForm({ mailDelivers }: ForgotPasswordFormProps) {
  const { busy, run } = useAction();
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<Outcome>();

  if (!mailDelivers) {
    return (
      <div className="space-y-3">
        <p
          role="note"
          className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          This Backroom sends no mail, so it cannot send you a reset link. Ask an owner of your workspace, or whoever
          runs this Backroom, to help you back in.
        </p>
        <p className="text-sm">
          <Link href="/sign-in" className="link" prefetch={false}>
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }

  const request = () =>
    run(async () => {
      setOutcome(undefined);
      const address = email.trim();
      const { error } = await authClient.requestPasswordReset({ email: address, redirectTo: "/reset-password" });
      // Only what the person can act on is said as an error (no answer, too many tries, an address that is not one):
      // whether an account has the address never is.
      if (error && (!error.status || error.status === 429 || error.status === 400))
        return setOutcome({ tone: "error", text: authFailure(error, "The request did not go through.") });
      setOutcome({
        tone: "ok",
        text: `If an account has the address ${address}, a mail is on its way with a link to set a new password. The link works for an hour.`,
      });
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void request();
      }}
      className="space-y-4"
    >
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
        required
      />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={busy} busyLabel="Sending…">
          Send the reset link
        </BusyButton>
        <Link href="/sign-in" className="link text-sm" prefetch={false}>
          Back to sign in
        </Link>
      </div>
      <FormStatus outcome={outcome} />
    </form>
  );
}
