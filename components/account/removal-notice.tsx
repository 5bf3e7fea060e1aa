import { formatDateTime } from "@/lib/format/display";

interface RemovalNoticeProps {
  /** The workspace they were removed from (null: since deleted), by whom (null: not known), and when (ISO). */
  removal: { workspace: string | null; by: string | null; at: string };
  timeZone: string;
}

/**
 * What a person in no workspace is told when they were removed from their last one, rather than "You belong to no
 * workspace yet". Drawn on the server: the page's script need not carry the date's formatting.
 */
export function RemovalNotice({ removal, timeZone }: RemovalNoticeProps) {
  return (
    <div
      className="space-y-1 rounded border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      data-testid="removal-notice"
    >
      <p className="font-semibold">
        You were removed from {removal.workspace ?? "a workspace since deleted"}
        {removal.by ? ` by ${removal.by}` : ""} on {formatDateTime(removal.at, timeZone)}.
      </p>
      <p>
        You belong to no workspace now. Ask one of its owners or admins to invite you again, or create a workspace of
        your own below.
      </p>
    </div>
  );
}
