import type { CollectedView } from "@/lib/domain/credit/view";
import { collectedWords } from "@/lib/domain/today/collect-words";

/**
 * The check's photo of a recorded collection, as a thumbnail opening it whole (its address answers whoever reads the
 * record, never cached on the device); nothing when it has none. On Today's "Collect before the drop" and the
 * customer page's "Collected at the door".
 */
export function CollectedPhoto({ record }: { record: CollectedView }) {
  if (!record.photo) return null;
  return (
    <a
      href={record.photo.href}
      target="_blank"
      rel="noreferrer"
      className="ml-1 inline-block rounded border border-slate-300 align-middle dark:border-slate-600"
      data-testid="collected-photo"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- a stored photo behind the session, not a static asset */}
      <img
        src={record.photo.href}
        alt={`Photo of the check: ${collectedWords(record)}`}
        className="h-12 w-12 object-cover"
        loading="lazy"
      />
    </a>
  );
}
