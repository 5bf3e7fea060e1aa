"use client";

import { RequestError } from "@/components/table/request-error";

/**
 * What a record's page shows before it has its record: a failed read under the page's heading (its words from
 * `describeFailure`, with a retry), or the record still on its way. The heading stays, so the page keeps its one h1.
 */
export function RecordFailure({
  title,
  error,
  onRetry,
  what,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  what: string;
}) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <RequestError error={error} onRetry={onRetry} what={what} />
    </div>
  );
}

/** A record the API answered without (an empty `Data`), or that a list did not hold: said plainly, with where to look. */
export function RecordMissing({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div role="status" className="space-y-2 text-sm">
        {children}
      </div>
    </div>
  );
}

export function RecordLoading({ label }: { label: string }) {
  return <p aria-busy="true">{label}</p>;
}
