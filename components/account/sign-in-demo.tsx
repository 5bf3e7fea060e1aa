"use client";

import { ENVIRONMENT_CHOICES } from "@/lib/session/session-view";
import { BUTTON } from "@/lib/ui/styles";
import type { SignInState } from "./use-sign-in";

const DEMOS = [
  { as: "Customer", label: "Try as a retailer" },
  { as: "Supplier", label: "Try as a brand" },
  { as: "Employee", label: "Try as an employee" },
] as const;

interface SignInDemoProps {
  signIn: SignInState;
  /** Whether each environment is served by the embedded sandbox. */
  sandbox: Record<"production" | "test", boolean>;
  /** Whether the sandbox is still being prepared. */
  preparing: boolean;
  ids: { demo: string; demoStatus: string };
}

/** The sandbox's demo people, one button each, in the environment chosen. */
export function SignInDemo({ signIn, sandbox, preparing, ids }: SignInDemoProps) {
  const { busy, opening, environment, setEnvironment } = signIn;
  return (
    <section aria-labelledby={ids.demo} className="border-t border-slate-300 pt-4 dark:border-slate-700">
      <h2 id={ids.demo} className="text-sm font-semibold">
        No account? Try the demo
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        A demo person of the sandbox, owner of a workspace with realistic seeded data.
      </p>
      {/* Drawn with the page (no live region to wait for): only while the sandbox is being prepared. */}
      {preparing && (
        <p
          id={ids.demoStatus}
          role="status"
          className="mt-2 rounded border border-sky-700 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100"
        >
          Preparing the sandbox… Backroom has just started and is setting up the demo&apos;s data. A demo chosen now
          opens as soon as it is ready.
        </p>
      )}
      <fieldset className="mt-2">
        <legend className="text-sm">Environment</legend>
        <div className="mt-1 flex gap-4">
          {ENVIRONMENT_CHOICES.filter((choice) => sandbox[choice.value]).map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="demo-environment"
                value={choice.value}
                checked={environment === choice.value}
                onChange={() => setEnvironment(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-2 flex flex-wrap gap-2">
        {DEMOS.map((d) => (
          <button
            key={d.as}
            type="button"
            disabled={busy}
            onClick={() => void signIn.asDemo(d.as)}
            aria-describedby={preparing ? ids.demoStatus : undefined}
            className={BUTTON}
          >
            {opening === d.as ? (preparing ? "Preparing the sandbox…" : "Opening the demo…") : d.label}
          </button>
        ))}
      </div>
    </section>
  );
}
