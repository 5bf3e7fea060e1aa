"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/session/auth-failure";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

/** better-auth's and Backroom's floor (`auth.ts`: minPasswordLength). */
export const MIN_PASSWORD = 12;

interface SignUpFormProps {
  /** Where to go once the account exists (a path of this site: an invitation's), else /workspaces. */
  next?: string;
  /** The email to start with. */
  email?: string;
  /** `email` is the address an invitation was sent to (on the way to it): kept as it is, since no other accepts it. */
  invited?: boolean;
  /** Whether Backroom sends mail: then a confirmation link is on its way, and invitations need it opened. */
  mailDelivers: boolean;
}

/**
 * Create an account: name, email and a password of 12 characters or more. The new person is signed in and goes where
 * they were going, or to /workspaces (they have none yet: they make one or accept an invitation). Where Backroom sends
 * mail, they are signed in by the confirmation link it mails instead, which goes on to the same place.
 */
export function SignUpForm({ next, email: initialEmail, invited = false, mailDelivers }: SignUpFormProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [name, setName] = useState("");
  const [email, setEmail] = useState(initialEmail ?? "");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const destination = next ?? "/workspaces";

  const signUp = () =>
    run(async () => {
      setOutcome(undefined);
      setPasswordError(undefined);
      if (password.length < MIN_PASSWORD) {
        setPasswordError(`At least ${MIN_PASSWORD} characters: this one has ${password.length}.`);
        passwordRef.current?.focus();
        return;
      }
      const { data, error } = await authClient.signUp.email({
        name: name.trim(),
        email: email.trim(),
        password,
        callbackURL: destination,
      });
      if (error) {
        const words = authFailure(error, "The account could not be made.");
        if (error.code?.startsWith("PASSWORD_")) {
          setPasswordError(words);
          passwordRef.current?.focus();
        } else setOutcome({ tone: "error", text: words });
        return;
      }
      // Where mail goes out, better-auth signs nobody in before the address is confirmed: the mail's link does, and goes
      // on to where the sign-up was going (its callbackURL). Going there now would only meet the sign-in page.
      if (!data?.token) {
        setPassword("");
        setOutcome({
          tone: "ok",
          text: `Almost done, ${data?.user.name ?? name}: a mail to ${email.trim()} has a link to confirm the address. Open it to sign in.`,
        });
        return;
      }
      setOutcome({
        tone: "ok",
        text: `Welcome, ${data.user.name}.${mailDelivers ? ` A mail to ${email.trim()} asks you to confirm the address.` : ""}`,
      });
      router.push(destination as never);
      router.refresh();
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void signUp();
      }}
      className="space-y-4"
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        required
        maxLength={200}
      />
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
        required
        readOnly={invited}
        hint={
          invited
            ? "The address the invitation was sent to: an account with another address cannot accept it."
            : undefined
        }
      />
      <TextField
        label="Password"
        type="password"
        hint={`At least ${MIN_PASSWORD} characters. A passphrase of a few words is easiest to remember.`}
        error={passwordError}
        inputRef={passwordRef}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        required
        maxLength={256}
      />
      {mailDelivers && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Backroom mails you a link to confirm the address; an invitation to a workspace needs it confirmed.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={busy} busyLabel="Creating your account…">
          Create the account
        </BusyButton>
        <p className="text-sm">
          Have an account?{" "}
          <Link
            href={next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in"}
            className="link"
            prefetch={false}
          >
            Sign in
          </Link>
        </p>
      </div>
      <FormStatus outcome={outcome} />
    </form>
  );
}
