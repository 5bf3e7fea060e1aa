interface EnvironmentBadgeProps {
  environment: "production" | "test";
  sandbox: boolean;
}

/** The environment a key works in, marked so nobody mistakes test or sandbox data for the real thing. */
export function EnvironmentBadge({ environment, sandbox }: EnvironmentBadgeProps) {
  return (
    <span className="inline-flex items-center gap-1">
      <span
        className={`rounded px-1.5 py-0.5 text-xs font-semibold ${
          environment === "test"
            ? "bg-amber-200 text-amber-950 dark:bg-amber-300"
            : "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50"
        }`}
      >
        {environment === "test" ? "Test" : "Production"}
      </span>
      {sandbox && (
        <span className="rounded bg-violet-200 px-1.5 py-0.5 text-xs font-semibold text-violet-950 dark:bg-violet-300">
          Sandbox
        </span>
      )}
    </span>
  );
}
