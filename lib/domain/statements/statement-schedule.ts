/**
 * Monthly statements by email as the page and `GET /api/statements/schedule` show them: when, on which
 * paper, to whom. Shared by the server (`lib/server/statements/statement-schedules.ts`) and the page's form.
 */

/** The paper a statement's PDF is printed on. */
export const PAPER_SIZES = ["Letter", "A4"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** A key's schedule. */
export interface StatementScheduleJson {
  /** 1 to 28: a day every month has. */
  dayOfMonth: number;
  /** "HH:MM", 24-hour, in `timeZone`. */
  localTime: string;
  timeZone: string;
  paperSize: PaperSize;
  nextRunAt: string;
  lastRunAt: string | null;
  /** How the last run ended: statements made and members mailed, or why not. */
  lastAccounts: number | null;
  lastMailed: number | null;
  lastError: string | null;
}

/** Whom a run mails: the workspace's members with the Accounts role who have not left these mails. */
export interface StatementRecipient {
  userId: string;
  email: string;
  name: string;
}

/** `GET /api/statements/schedule`. */
export interface StatementScheduleAnswer {
  schedule: StatementScheduleJson | null;
  recipients: StatementRecipient[];
}

/**
 * "the 1st", "the 22nd": a day of the month in words.
 *
 * @example
 * ordinalDay(1); // "the 1st"
 * ordinalDay(13); // "the 13th"
 */
export function ordinalDay(day: number): string {
  const suffix =
    day % 10 === 1 && day !== 11
      ? "st"
      : day % 10 === 2 && day !== 12
        ? "nd"
        : day % 10 === 3 && day !== 13
          ? "rd"
          : "th";
  return `the ${day}${suffix}`;
}
