"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/session/auth-failure";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { MIN_PASSWORD } from "./sign-up-form";
import { useAction } from "./use-action";

interface ResetPasswordFormProps {
  /** The reset link's token (better-auth's redirect puts it in the address). */
  token: string;
}

/** A new password, typed twice, for the account whose reset link this is; then the person signs in with it. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<{ password?: string; again?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const againRef = useRef<HTMLInputElement>(null);

  const reset = () =>
    run(async () => {
      setOutcome(undefined);
      if (password.length < MIN_PASSWORD) {
        setErrors({ password: `At least ${MIN_PASSWORD} characters: this one has ${password.length}.` });
        return passwordRef.current?.focus();
      }
      if (password !== again) {
        setErrors({ again: "The two passwords differ: type the same one twice." });
        return againRef.current?.focus();
      }
      setErrors({});
      const { error } = await authClient.resetPassword({ newPassword: password, token });
      if (error) return setOutcome({ tone: "error", text: authFailure(error, "The password could not be set.") });
      setOutcome({ tone: "ok", text: "Your password is set. Sign in with it." });
      router.push("/sign-in?reset=done");
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void reset();
      }}
      className="space-y-4"
    >
      <TextField
        label="New password"
        type="password"
        hint={`At least ${MIN_PASSWORD} characters. Every session of the account is signed out once it is set.`}
        error={errors.password}
        inputRef={passwordRef}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        required
        maxLength={256}
      />
      <TextField
        label="The new password again"
        type="password"
        error={errors.again}
        inputRef={againRef}
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        autoComplete="new-password"
        required
        maxLength={256}
      />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={busy} busyLabel="Setting…">
          Set the password
        </BusyButton>
        <Link href="/forgot-password" className="link text-sm" prefetch={false}>
          Ask for a new link
        </Link>
      </div>
      <FormStatus outcome={outcome} />
    </form>
  );
}
