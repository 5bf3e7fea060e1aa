"use client";

import { useEffect, useRef, useState } from "react";
import { sessionClient } from "@/lib/session/session-client";
import { AddKey, ENVIRONMENT_CHOICES, type SessionKey } from "@/lib/session/session-view";
import { describeFailure, waitInWords } from "@/lib/ui/failure";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { environmentWords } from "./key-list";
import { useAction } from "./use-action";
import { useSandboxPreparing } from "./use-sandbox-preparing";

interface AddKeyFormProps {
  /** The environment ticked first (the sandbox's Test, where it serves one). */
  defaultEnvironment: "production" | "test";
  /** Told of the key Backroom checked and kept (the page reads its keys again). */
  onAdded: (key: SessionKey) => void;
  /** Whether the sandbox serves each environment (a key of one is checked against it). */
  sandbox: Record<"production" | "test", boolean>;
  /** Whether the sandbox was still being prepared as the page was drawn (a key of it is checked once it is ready). */
  sandboxPreparing: boolean;
}

type Fields = Partial<Record<"apiKey" | "environment" | "label", string>>;

/**
 * Adds a Data API key to the workspace (owners and admins). Backroom checks it with the Data API first and says what it
 * is (its type and what it reaches); a refused key's message stays on the field; too many refusals say how long to
 * wait, and the button waits that long.
 */
export function AddKeyForm({ defaultEnvironment, onAdded, sandbox, sandboxPreparing }: AddKeyFormProps) {
  const { busy, run } = useAction();
  const [apiKey, setApiKey] = useState("");
  const [environment, setEnvironment] = useState(defaultEnvironment);
  const [label, setLabel] = useState("");
  const [fields, setFields] = useState<Fields>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [wait, setWait] = useState<{ seconds: number; until: number }>();
  const keyRef = useRef<HTMLInputElement>(null);
  // A key of an environment the sandbox serves is checked against it: while it is being prepared, the check waits.
  const preparing = useSandboxPreparing(sandboxPreparing) && sandbox[environment];

  // The button comes back when the wait is over.
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setWait(undefined), Math.max(0, wait.until - Date.now()));
    return () => clearTimeout(timer);
  }, [wait]);

  const add = () =>
    run(async () => {
      setOutcome(undefined);
      const body = { apiKey, environment, ...(label.trim() ? { label } : {}) };
      const checked = AddKey.safeParse(body);
      if (!checked.success) {
        setFields(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
        return keyRef.current?.focus();
      }
      setFields({});
      const result = await sessionClient.addKey(checked.data);
      if (result.ok) {
        const key = result.data;
        setApiKey("");
        setLabel("");
        setOutcome({
          tone: "ok",
          text: `Added “${key.label}”: a ${key.keyType} key of ${environmentWords(key)}, reaching ${key.scope.summary}.`,
        });
        return onAdded(key);
      }
      if (result.retryAfterSeconds)
        setWait({ seconds: result.retryAfterSeconds, until: Date.now() + result.retryAfterSeconds * 1000 });
      if (result.error.code === "KEY_REJECTED" || result.fields.apiKey) {
        setFields({ apiKey: result.fields.apiKey ?? result.message });
        return keyRef.current?.focus();
      }
      if (Object.keys(result.fields).length) setFields(result.fields);
      const words =
        result.status === 429
          ? result.message
          : describeFailure(result.error, { what: "the key", doing: "add", service: "Backroom" }).message;
      setOutcome({ tone: "error", text: words });
    });

  const waiting = wait !== undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!waiting) void add();
      }}
      className="max-w-xl space-y-4"
    >
      <TextField
        label="API key"
        type="password"
        hint="As the distributor issued it. Backroom keeps it encrypted and never shows it again, to anyone."
        error={fields.apiKey}
        inputRef={keyRef}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <fieldset>
        <legend className="text-sm font-semibold">Environment</legend>
        <div className="mt-1 flex gap-4">
          {ENVIRONMENT_CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="key-environment"
                value={choice.value}
                checked={environment === choice.value}
                onChange={() => setEnvironment(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {fields.environment && (
          <p className="mt-1 text-xs font-semibold text-red-800 dark:text-red-300">{fields.environment}</p>
        )}
      </fieldset>
      <TextField
        label="Label (optional)"
        hint="How the workspace will tell it apart; Backroom names it after what it reaches otherwise."
        error={fields.label}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        maxLength={200}
      />
      {preparing && (
        <p
          role="status"
          className="rounded border border-sky-700 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100"
        >
          Preparing the sandbox… Backroom has just started and is setting up the sandbox&apos;s data. A key of it is
          checked as soon as it is ready.
        </p>
      )}
      <BusyButton busy={busy} busyLabel={preparing ? "Preparing the sandbox…" : "Checking the key…"} disabled={waiting}>
        Add the key
      </BusyButton>
      {wait && <p className="text-sm">Add the key again in {waitInWords(wait.seconds)}: the button comes back then.</p>}
      <FormStatus outcome={outcome} focus={outcome?.tone === "ok" || !fields.apiKey} />
    </form>
  );
}
