import type { Method } from "@/lib/data-api/operation";

interface MethodBadgeProps {
  method: Method;
}

const METHOD_STYLES: Record<Method, string> = {
  GET: "bg-emerald-100 text-emerald-900 ring-emerald-700/30 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/40",
  POST: "bg-sky-100 text-sky-900 ring-sky-700/30 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/40",
  PATCH: "bg-amber-100 text-amber-900 ring-amber-700/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/40",
  DELETE: "bg-rose-100 text-rose-900 ring-rose-700/30 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-400/40",
};

/** The HTTP method as a coloured badge; the colour only repeats the text. */
export function MethodBadge({ method }: MethodBadgeProps) {
  return (
    <span
      className={`inline-block min-w-[4.25rem] rounded-md px-2 py-0.5 text-center font-mono text-sm font-bold ring-1 ring-inset ${METHOD_STYLES[method]}`}
    >
      {method}
    </span>
  );
}
