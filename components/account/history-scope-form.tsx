"use client";

import { useId, useState } from "react";
import { sessionClient } from "@/lib/session/session-client";
import type { HistoryScope, SessionKey } from "@/lib/session/session-view";
import { describeFailure } from "@/lib/ui/failure";
import { BusyButton, FormStatus, type Outcome } from "./form-bits";
import { useAction } from "./use-action";

interface HistoryScopeFormProps {
  /** An Employee key of the workspace. */
  apiKey: SessionKey & { historyScope: HistoryScope };
  /** Owners and admins choose; others read what was chosen. */
  canManage: boolean;
  onSaved: () => void;
}

/** The two choices, in words: what each covers and what it costs of the key's budget. */
export const HISTORY_SCOPE_CHOICES: { value: HistoryScope; label: string; description: string }[] = [
  {
    value: "linked-reps",
    label: "The accounts of the linked sales reps",
    description:
      "The invoices of the accounts of the sales reps members are linked to (Members), for their health, shelf and weekly leaderboard. Nothing is kept while no member is linked.",
  },
  {
    value: "distributor",
    label: "The whole distributor",
    description:
      "Every account's invoices, so that staff can look at any supplier's sales. The first backfill reads a year of the distributor's invoices and their lines, about one request for every 500 of each, at most 70 an hour (7% of the key's hourly budget): several hours for a busy distributor. Then the last 60 days again each night.",
  },
];

/**
 * What an Employee key's insights history covers, chosen by owners and admins: the linked reps' accounts or
 * the whole distributor's. Saving a change deletes the history and starts the new backfill (`PATCH /api/keys/{id}`).
 */
export function HistoryScopeForm({ apiKey, canManage, onSaved }: HistoryScopeFormProps) {
  const id = useId();
  const { busy, run } = useAction();
  const [scope, setScope] = useState<HistoryScope>(apiKey.historyScope);
  const [outcome, setOutcome] = useState<Outcome>();
  const name = `“${apiKey.label}” (…${apiKey.hint})`;
  const current = HISTORY_SCOPE_CHOICES.find((c) => c.value === apiKey.historyScope)!;

  if (!canManage) {
    return (
      <p className="text-sm">
        Insights of {name} cover <span className="font-semibold">{current.label.toLowerCase()}</span>. Owners and admins
        choose what they cover.
      </p>
    );
  }

  const save = () =>
    run(async () => {
      setOutcome(undefined);
      const result = await sessionClient.updateKey(apiKey.id, { historyScope: scope });
      if (!result.ok)
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, {
            what: `the insights history of ${name}`,
            doing: "change",
            service: "Backroom",
          }).message,
        });
      const chosen = HISTORY_SCOPE_CHOICES.find((c) => c.value === scope)!;
      setOutcome({
        tone: "ok",
        text: `Saved: insights of ${name} now cover ${chosen.label.toLowerCase()}. Its history is synced again from the start; Insights says how far it has come.`,
      });
      onSaved();
    });

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Insights of {name} cover</legend>
        {HISTORY_SCOPE_CHOICES.map((choice) => (
          <div key={choice.value} className="flex items-start gap-2">
            <input
              type="radio"
              id={`${id}-${choice.value}`}
              name={`${id}-scope`}
              value={choice.value}
              checked={scope === choice.value}
              onChange={() => setScope(choice.value)}
              aria-describedby={`${id}-${choice.value}-description`}
              className="mt-1"
            />
            <div className="max-w-3xl">
              <label htmlFor={`${id}-${choice.value}`} className="text-sm font-medium">
                {choice.label}
                {choice.value === apiKey.historyScope && " (now)"}
              </label>
              <p id={`${id}-${choice.value}-description`} className="text-xs text-slate-700 dark:text-slate-300">
                {choice.description}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <BusyButton busy={busy} busyLabel="Saving…" disabled={scope === apiKey.historyScope}>
        Save
      </BusyButton>
      <FormStatus outcome={outcome} />
    </form>
  );
}
