"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/session/auth-failure";
import { BUTTON, DANGER } from "@/lib/ui/styles";
import { BackupCodes } from "./backup-codes";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { TotpEnrolment } from "./totp-enrolment";
import { useAction } from "./use-action";

interface TwoFactorSettingsProps {
  enabled: boolean;
}

type Phase =
  | { name: "off" }
  | { name: "enrolling"; totpUri: string; backupCodes: string[] }
  | { name: "on"; backupCodes?: string[] };

/**
 * Two factors: an authenticator app's code after the password. Turning them on asks the password, shows the secret,
 * and takes a code from the app; the backup codes are shown then, once. Turning them off, or making new backup codes,
 * asks the password again.
 */
export function TwoFactorSettings({ enabled }: TwoFactorSettingsProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [phase, setPhase] = useState<Phase>(enabled ? { name: "on" } : { name: "off" });
  const [password, setPassword] = useState("");
  const [outcome, setOutcome] = useState<Outcome>();

  const act = (intent: "enable" | "disable" | "codes") =>
    run(async () => {
      setOutcome(undefined);
      if (intent === "enable") {
        const { data, error } = await authClient.twoFactor.enable({ password });
        if (!data || !("totpURI" in data))
          return setOutcome({ tone: "error", text: authFailure(error, "Two factors could not be started.") });
        setPassword("");
        return setPhase({ name: "enrolling", totpUri: data.totpURI, backupCodes: data.backupCodes });
      }
      if (intent === "disable") {
        const { error } = await authClient.twoFactor.disable({ password });
        if (error)
          return setOutcome({ tone: "error", text: authFailure(error, "Two factors could not be turned off.") });
        setPassword("");
        setPhase({ name: "off" });
        setOutcome({ tone: "ok", text: "Two factors are off: your password alone signs you in." });
        return router.refresh();
      }
      const { data, error } = await authClient.twoFactor.generateBackupCodes({ password });
      if (!data) return setOutcome({ tone: "error", text: authFailure(error, "New backup codes could not be made.") });
      setPassword("");
      setPhase({ name: "on", backupCodes: data.backupCodes });
      setOutcome({ tone: "ok", text: "New backup codes are below; the old ones no longer work." });
    });

  if (phase.name === "enrolling") {
    return (
      <TotpEnrolment
        totpUri={phase.totpUri}
        onCancel={() => setPhase({ name: "off" })}
        onVerified={() => {
          setPhase({ name: "on", backupCodes: phase.backupCodes });
          setOutcome({ tone: "ok", text: "Two factors are on: each sign-in asks for a code from the app." });
          router.refresh();
        }}
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {phase.name === "on"
          ? "On: each sign-in asks for a code from your authenticator app."
          : "Off: your password alone signs you in."}
      </p>
      {phase.name === "on" && phase.backupCodes && <BackupCodes codes={phase.backupCodes} />}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          void act((submitter?.value as "disable" | "codes" | undefined) ?? (phase.name === "on" ? "codes" : "enable"));
        }}
        className="max-w-xl space-y-3"
      >
        <TextField
          label="Your password"
          hint="Changing two factors asks for it."
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap gap-3">
          {phase.name === "off" ? (
            <BusyButton busy={busy} busyLabel="Starting…" value="enable">
              Turn on two factors
            </BusyButton>
          ) : (
            <>
              <BusyButton busy={busy} busyLabel="Working…" value="codes" className={BUTTON}>
                Make new backup codes
              </BusyButton>
              <BusyButton busy={busy} busyLabel="Working…" value="disable" className={DANGER}>
                Turn off two factors
              </BusyButton>
            </>
          )}
        </div>
      </form>
      <FormStatus outcome={outcome} />
    </div>
  );
}
