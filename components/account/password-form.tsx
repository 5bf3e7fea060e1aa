"use client";

import { useRef, useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/session/auth-failure";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { MIN_PASSWORD } from "./sign-up-form";
import { useAction } from "./use-action";

/** Changes the password (the current one first); the person's other sessions are signed out unless they say not to. */
export function PasswordForm() {
  const { busy, run } = useAction();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [others, setOthers] = useState(true);
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const change = () =>
    run(async () => {
      setOutcome(undefined);
      if (next.length < MIN_PASSWORD) {
        setErrors({ next: `At least ${MIN_PASSWORD} characters: this one has ${next.length}.` });
        return nextRef.current?.focus();
      }
      setErrors({});
      const { error } = await authClient.changePassword({
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: others,
      });
      if (error?.code === "INVALID_PASSWORD") {
        setErrors({ current: authFailure(error, "That is not your current password.") });
        return currentRef.current?.focus();
      }
      if (error) return setOutcome({ tone: "error", text: authFailure(error, "The password could not be changed.") });
      setCurrent("");
      setNext("");
      setOutcome({
        tone: "ok",
        text: others
          ? "Your password is changed, and your other sessions are signed out."
          : "Your password is changed.",
      });
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void change();
      }}
      className="max-w-xl space-y-4"
    >
      <TextField
        label="Current password"
        type="password"
        error={errors.current}
        inputRef={currentRef}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        autoComplete="current-password"
        required
      />
      <TextField
        label="New password"
        type="password"
        hint={`At least ${MIN_PASSWORD} characters.`}
        error={errors.next}
        inputRef={nextRef}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        autoComplete="new-password"
        required
        maxLength={256}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={others} onChange={(e) => setOthers(e.target.checked)} />
        Sign out my other sessions
      </label>
      <BusyButton busy={busy} busyLabel="Changing…">
        Change the password
      </BusyButton>
      <FormStatus outcome={outcome} focus={!errors.current && !errors.next} />
    </form>
  );
}
