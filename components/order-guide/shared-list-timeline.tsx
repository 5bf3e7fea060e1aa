import type { ListEvent } from "@/lib/domain/order-guide/shared-list";
import { formatDateTime } from "@/lib/format/display";
import { SIDE_WORDS } from "@/lib/ui/order-guide/list-edits";

interface SharedListTimelineProps {
  events: readonly ListEvent[];
  timeZone: string;
}

/** Each change of the list as it happened, oldest first: when, who and on which side, what. */
export function SharedListTimeline({ events, timeZone }: SharedListTimelineProps) {
  return (
    <section aria-labelledby="list-timeline" className="space-y-2">
      <h2 id="list-timeline" className="text-lg font-semibold">
        What happened
      </h2>
      {events.length === 0 ? (
        <p className="text-sm">Nothing yet.</p>
      ) : (
        <ol className="max-w-3xl space-y-2 border-l-2 border-slate-300 pl-4 text-sm dark:border-slate-600">
          {events.map((event, i) => (
            // A list's events only grow, in order: its time and position name each one.
            <li key={`${event.at}|${i}`} data-kind={event.kind}>
              <time dateTime={event.at} className="block text-slate-700 dark:text-slate-300">
                {formatDateTime(event.at, timeZone)}
              </time>
              <span className="font-semibold">{event.by}</span> ({SIDE_WORDS[event.side]}): {event.detail}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
