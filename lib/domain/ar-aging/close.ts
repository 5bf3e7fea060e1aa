import { formatDateTime } from "@/lib/format/display";

/**
 * The aging's close in words, with the zone it is read in: the one reading of it on every page that shows it (the AR
 * aging report, a statement), in the viewer's zone. A statement's PDF, read with no viewer, passes the account's.
 *
 * @example
 * closeText("2026-11-26T10:26:00Z", "America/Los_Angeles"); // "Nov 26, 2026, 2:26 AM (America/Los_Angeles)"
 */
export function closeText(closedAt: string, timeZone: string): string {
  return `${formatDateTime(closedAt, timeZone)} (${timeZone})`;
}
