"use client";

import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { formatDateTime } from "@/lib/format/display";
import { passkeyRows, type PasskeyRow } from "@/lib/ui/account/account-rows";
import { authFailure } from "@/lib/session/auth-failure";
import { ConfirmButton } from "./confirm-button";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";
import { usePasskeyHostProblem } from "./use-passkey-host";

interface PasskeyListProps {
  /** The passkeys as the server read them for the first paint. */
  initial: PasskeyRow[];
  timeZone: string;
  /** The host the page was asked for (its `Host` header): passkeys' note about IP addresses is drawn on the server. */
  host?: string;
}

/** The person's passkeys (sign in without a password): each with its name and when it was added; add one, delete one. */
export function PasskeyList({ initial, timeZone, host }: PasskeyListProps) {
  const { busy, run } = useAction();
  const [passkeys, setPasskeys] = useState(initial);
  const hostProblem = usePasskeyHostProblem(host);
  const [name, setName] = useState("");
  const [working, setWorking] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  async function reload() {
    const { data } = await authClient.passkey.listUserPasskeys();
    if (data) setPasskeys(passkeyRows(data));
  }

  const add = () =>
    run(async () => {
      setOutcome(undefined);
      setWorking("add");
      const label = name.trim() || "Passkey";
      const result = await authClient.passkey.addPasskey({ name: label });
      setWorking(undefined);
      if (result?.error)
        return setOutcome({ tone: "error", text: authFailure(result.error, "The passkey was not added.") });
      setName("");
      await reload();
      setOutcome({ tone: "ok", text: `Added the passkey “${label}”: it signs you in from now on.` });
    });

  const remove = (passkey: PasskeyRow) =>
    run(async () => {
      setOutcome(undefined);
      setWorking(passkey.id);
      const { error } = await authClient.passkey.deletePasskey({ id: passkey.id });
      setWorking(undefined);
      if (error) return setOutcome({ tone: "error", text: authFailure(error, "The passkey could not be deleted.") });
      await reload();
      setOutcome({ tone: "ok", text: `Deleted the passkey “${passkey.name ?? "Passkey"}”.` });
    });

  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <p className="text-sm">No passkey yet.</p>
      ) : (
        <ul className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
              <span>
                <span className="font-semibold">{p.name ?? "Passkey"}</span>
                <span className="block text-xs text-slate-700 dark:text-slate-300">
                  Added {formatDateTime(p.createdAt, timeZone)}
                </span>
              </span>
              <ConfirmButton
                label="Delete"
                name={`Delete the passkey “${p.name ?? "Passkey"}”`}
                question={`Delete the passkey “${p.name ?? "Passkey"}”? It no longer signs you in.`}
                confirmLabel="Delete"
                busyLabel="Deleting…"
                busy={working === p.id}
                onConfirm={() => remove(p)}
              />
            </li>
          ))}
        </ul>
      )}
      {hostProblem ? (
        <p className="text-sm">{hostProblem}</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
          className="flex max-w-xl flex-wrap items-end gap-3"
        >
          <div className="min-w-60 flex-1">
            <TextField
              label="Passkey name"
              hint="Where it lives: “Work laptop”, “Phone”."
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
            />
          </div>
          <BusyButton busy={busy && working === "add"} busyLabel="Waiting for the passkey…">
            Add a passkey
          </BusyButton>
        </form>
      )}
      <FormStatus outcome={outcome} />
    </div>
  );
}
