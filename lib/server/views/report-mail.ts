import "server-only";
import type { Mail } from "../core/auth/mailer";
import { unsubscribeLinks, unsubscribeToken } from "../core/notify/unsubscribe";

/** What one report mail says: the view, the day it is for, the file, and where to open the view or leave the list. */
export interface ReportMailInput {
  to: { userId: string; email: string; name: string };
  scheduleId: string;
  viewName: string;
  /** The view's path with its query ("/invoices?Statuses=1"). */
  viewPath: string;
  /** The report's day, YYYY-MM-DD in the schedule's time zone. */
  day: string;
  rows: number;
  csv: string;
  fileName: string;
  /** Backroom's address for links (`mailOrigin`). */
  origin: string;
  secret: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One recipient's report mail: the CSV attached, a link to the view, and the one-click unsubscribe (the link in the
 * body, and `List-Unsubscribe` for the mail client's own button), signed for `report:<scheduleId>`.
 *
 * @example
 * reportMail({ to, scheduleId, viewName: "Open invoices", viewPath: "/invoices?Statuses=1", day: "2026-11-23", rows: 12, csv, fileName, origin, secret });
 * // { subject: "Open invoices: report of 2026-11-23", attachments: [{ filename: "invoices-2026-11-23.csv", ... }], ... }
 */
export function reportMail(input: ReportMailInput): Mail {
  const viewUrl = `${input.origin}${input.viewPath}`;
  const unsubscribe = unsubscribeLinks(
    input.origin,
    unsubscribeToken(input.secret, { userId: input.to.userId, topic: `report:${input.scheduleId}` }),
  );
  const count = `${input.rows} ${input.rows === 1 ? "row" : "rows"}`;
  const text = [
    `Hello ${input.to.name},`,
    "",
    `Your scheduled report "${input.viewName}" for ${input.day} is attached (${count}, ${input.fileName}).`,
    "",
    `Open the view in Backroom: ${viewUrl}`,
    "",
    `Stop these reports: ${unsubscribe.url}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(input.to.name)},</p>`,
    `<p>Your scheduled report <strong>${escapeHtml(input.viewName)}</strong> for ${input.day} is attached (${count}, ${escapeHtml(input.fileName)}).</p>`,
    `<p><a href="${escapeHtml(viewUrl)}">Open the view in Backroom</a></p>`,
    `<p style="font-size:12px;color:#555">You get this because a member of your workspace scheduled it for you. <a href="${escapeHtml(unsubscribe.url)}">Stop these reports</a>.</p>`,
  ].join("\n");
  return {
    to: input.to.email,
    subject: `${input.viewName}: report of ${input.day}`,
    text,
    html,
    link: viewUrl,
    headers: unsubscribe.headers,
    attachments: [{ filename: input.fileName, content: input.csv, contentType: "text/csv; charset=utf-8" }],
  };
}
