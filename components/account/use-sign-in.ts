"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { sessionClient } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import { codeFailure, passwordFailure, wordsOf } from "./sign-in-failure";

export type DemoPerson = "Customer" | "Supplier" | "Employee";

interface UseSignInOptions {
  sandbox: Record<"production" | "test", boolean>;
  next: string | undefined;
  sso: string | undefined;
  initialEmail: string | undefined;
}

/** The sign-in form's fields and each way of signing in; signed in, the person goes where they were going. */
export function useSignIn({ sandbox, next, sso, initialEmail }: UseSignInOptions) {
  const router = useRouter();
  /** The demo button pressed, while its sign-in runs. */
  const [opening, setOpening] = useState<DemoPerson>();
  const [email, setEmail] = useState(initialEmail ?? "");
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

  async function asDemo(as: DemoPerson) {
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

  return {
    opening,
    email,
    setEmail,
    password,
    setPassword,
    code,
    setCode,
    secondFactor,
    setSecondFactor,
    busy,
    failure,
    signedIn,
    environment,
    setEnvironment,
    withPassword,
    withCode,
    withPasskey,
    withSso,
    asDemo,
  };
}

/** The sign-in form's state and actions, as the form's parts take them. */
export type SignInState = ReturnType<typeof useSignIn>;
