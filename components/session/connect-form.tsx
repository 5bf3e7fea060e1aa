"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { type ConnectBody, ENVIRONMENT_CHOICES, KeyConnect } from "@/lib/session/connect";
import { type Connected, sessionClient } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";

interface ConnectFormProps {
  /** Whether each environment is served by the embedded sandbox (then demo users are offered). */
  sandbox: Record<"production" | "test", boolean>;
  /** Where to go once connected (a path of this site), if the person was sent here. */
  next?: string;
}

const DEMOS = [
  { demo: "Customer", label: "Try as a retailer" },
  { demo: "Supplier", label: "Try as a brand" },
  { demo: "Employee", label: "Try as an employee" },
] as const;

/** Seconds as the page shows a wait: "4:05", "0:09", "1:00:00". */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A wait counted down each second: `start(n)` begins it, `seconds` is what is left (0 when none). */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) {
        setUntil(0);
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return {
    seconds: until === 0 ? 0 : Math.max(0, Math.ceil((until - now) / 1000)),
    start(seconds: number) {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}

/** Connect with an API key: checked by the server with the Data API, then kept there; the page never sees it again. */
export function ConnectForm({ sandbox, next }: ConnectFormProps) {
  const router = useRouter();
  const ids = { key: useId(), keyError: useId(), env: useId(), status: useId() };
  const [failure, setFailure] = useState<string>();
  const [connected, setConnected] = useState<Connected>();
  const [busy, setBusy] = useState(false);
  const waitLeft = useCountdown();
  const form = useForm<KeyConnect>({ resolver: zodResolver(KeyConnect), defaultValues: { apiKey: "", environment: sandbox.test ? "test" : "production" } });
  const environment = useWatch({ control: form.control, name: "environment" });

  async function submit(body: ConnectBody) {
    setBusy(true);
    setFailure(undefined);
    setConnected(undefined);
    const result = await sessionClient.connect(body);
    setBusy(false);
    if (!result.ok) {
      // Too many keys refused from here: the Connect button waits as long as Backroom said (demo users do not).
      if (result.retryAfterSeconds && "apiKey" in body) waitLeft.start(result.retryAfterSeconds);
      if (result.fields.apiKey) form.setError("apiKey", { message: result.fields.apiKey });
      else if (result.status === 401) form.setError("apiKey", { message: result.message });
      // A demo refused (400) and too many keys refused (429, the button counts down) are the connect's own words;
      // anything else reads as it does on every page.
      else if (result.status === 400 || result.status === 429) setFailure(result.message);
      else setFailure(describeFailure(result.error, { what: "the key", doing: "connect", service: "Backroom" }).message);
      return;
    }
    form.reset({ apiKey: "", environment: body.environment });
    setConnected(result.data);
    if (next) router.push(next as never);
    else router.refresh();
  }

  const keyError = form.formState.errors.apiKey?.message;
  return (
    <div className="space-y-6">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4" aria-describedby={ids.status}>
        <div>
          <label htmlFor={ids.key} className="block text-sm font-semibold">
            API key
          </label>
          <input
            id={ids.key}
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={keyError ? true : undefined}
            aria-describedby={keyError ? ids.keyError : undefined}
            className="mt-1 w-full rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50"
            {...form.register("apiKey")}
          />
          {keyError && (
            <p id={ids.keyError} className="mt-1 text-sm text-red-800 dark:text-red-300">
              {keyError}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">Environment</legend>
          <div className="mt-1 flex gap-4">
            {ENVIRONMENT_CHOICES.map((choice) => (
              <label key={choice.value} className="flex items-center gap-2 text-sm">
                <input type="radio" value={choice.value} {...form.register("environment")} />
                {choice.label}
                {sandbox[choice.value] && <span className="rounded bg-violet-200 px-1.5 text-xs font-semibold text-violet-950">Sandbox</span>}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" disabled={busy || waitLeft.seconds > 0} className="rounded bg-blue-800 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-900 disabled:opacity-60 dark:bg-sky-300 dark:text-slate-950">
          {busy ? "Connecting…" : "Connect"}
        </button>
        {waitLeft.seconds > 0 && (
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Too many keys were refused: you can try a key again in <strong>{clock(waitLeft.seconds)}</strong>.
          </p>
        )}
        <div id={ids.status} role="status" aria-live="polite" className="text-sm">
          {failure && <p className="text-red-800 dark:text-red-300">{failure}</p>}
          {connected && (
            <p className="rounded border border-emerald-600 bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
              Connected as <strong>{connected.label}</strong>, a {connected.keyType} key ({connected.environment}): {connected.scope.summary}.{" "}
              <Link href="/" prefetch={false} className="font-semibold underline">
                Open the dashboard
              </Link>
            </p>
          )}
        </div>
      </form>
      {sandbox[environment] && (
        <section aria-labelledby={ids.env} className="border-t border-slate-300 pt-4 dark:border-slate-700">
          <h2 id={ids.env} className="text-sm font-semibold">
            No key? Try the sandbox
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">Demo users of the {environment} sandbox, with realistic seeded data.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {DEMOS.map((d) => (
              <button
                key={d.demo}
                type="button"
                disabled={busy}
                onClick={() => void submit({ demo: d.demo, environment })}
                className="rounded border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800"
              >
                {d.label}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
