"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { workspaceClient } from "@/lib/session/session-client";
import { BusyButton, FormStatus, type Outcome } from "./form-bits";
import { useAction } from "./use-action";

interface TwoFactorPolicyFormProps {
  workspaceId: string;
  required: boolean;
  /** Owners and admins change it; others read it. */
  canChange: boolean;
  /** Whether the person has two factors: without, they cannot require them (they would shut themselves out). */
  ownTwoFactor: boolean;
}

/**
 * "Require two factors of every member": once on, a member without them gets no key (the dashboard sends them to their
 * account to turn them on). One who has none cannot turn it on for others before turning on their own.
 */
export function TwoFactorPolicyForm({ workspaceId, required, canChange, ownTwoFactor }: TwoFactorPolicyFormProps) {
  const router = useRouter();
  const id = useId();
  const { busy, run } = useAction();
  const [checked, setChecked] = useState(required);
  const [outcome, setOutcome] = useState<Outcome>();
  const blocked = !canChange || (!ownTwoFactor && !required);

  const save = () =>
    run(async () => {
      setOutcome(undefined);
      const saved = await workspaceClient.requireTwoFactor(workspaceId, checked);
      if (!saved.ok) return setOutcome({ tone: "error", text: saved.message });
      setOutcome({
        tone: "ok",
        text: checked
          ? "Two factors are required: members without them are asked to turn them on before the dashboard opens."
          : "Two factors are no longer required.",
      });
      router.refresh();
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="max-w-xl space-y-3"
    >
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1"
          checked={checked}
          disabled={blocked}
          onChange={(e) => setChecked(e.target.checked)}
          aria-describedby={`${id}-why`}
        />
        <label htmlFor={id} className="text-sm font-semibold">
          Require two factors of every member
        </label>
      </div>
      <p id={`${id}-why`} className="text-sm text-slate-700 dark:text-slate-300">
        {!canChange ? (
          "Only owners and admins change this."
        ) : blocked ? (
          <>
            Turn on your own two factors first, on{" "}
            <Link href="/account" className="link" prefetch={false}>
              your account
            </Link>
            : otherwise this would shut you out too.
          </>
        ) : (
          "A member without a second factor (an authenticator app) gets no key until they turn one on."
        )}
      </p>
      {canChange && (
        <BusyButton busy={busy} busyLabel="Saving…" disabled={blocked || checked === required}>
          Save
        </BusyButton>
      )}
      <FormStatus outcome={outcome} />
    </form>
  );
}
