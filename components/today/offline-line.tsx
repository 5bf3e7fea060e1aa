"use client";

import { useOnline } from "@/lib/ui/offline/use-online";

/**
 * "Offline · as of {time}": said at the top of a rep's page while the browser is offline, with when what is shown was
 * read (the week kept on the device, or the page's own answers when it read them since). Nothing while online.
 *
 * @example
 * <OfflineLine asOf={week?.savedAt} timeZone={timeZone} />
 */
export function OfflineLine({ asOf, timeZone }: { asOf?: number; timeZone: string }) {
  const online = useOnline();
  return online ? null : <OfflineNotice asOf={asOf} timeZone={timeZone} />;
}

/**
 * What `OfflineLine` says offline, whatever the connection is now: the summaries kept for the device
 * (`KeptSummary`) are drawn online and shown only offline.
 */
export function OfflineNotice({ asOf, timeZone }: { asOf?: number; timeZone: string }) {
  const when = asOf
    ? new Intl.DateTimeFormat("en-US", {
        timeZone,
        weekday: "short",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }).format(asOf)
    : undefined;
  return (
    <p
      role="status"
      className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      data-testid="offline-line"
    >
      {when ? `Offline · as of ${when}` : "Offline · nothing of this page is kept on this device"}
    </p>
  );
}
