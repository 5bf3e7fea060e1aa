import "server-only";
import { FORMATS } from "@/lib/domain/accounting/formats";
import { centsText } from "@/lib/domain/accounting/money";
import { formatDay, formatMoney } from "@/lib/format/display";
import type { Mail } from "../core/auth/mailer";
import { unsubscribeLinks, unsubscribeToken } from "../core/notify/unsubscribe";
import type { ExportFile, ExportPlan } from "./accounting-export";

/**
 * A scheduled run's files: each format's plan and its files (Xero's bills may be several; none while the mapping lacks
 * what the format needs), and the period.
 */
export interface MadeExport {
  from: string;
  to: string;
  plans: { plan: ExportPlan; files: ExportFile[] }[];
  environment: string;
}

export interface ExportMailInput {
  to: { userId: string; email: string; name: string };
  scheduleId: string;
  made: MadeExport;
  /** Backroom's address for links (`mailOrigin`). */
  origin: string;
  secret: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One member's mail of a scheduled export: each file attached, a line per file (what it holds, its total),
 * the invoices held back and those changed since an earlier export, a link to the page, and the one-click unsubscribe
 * signed for `accounting:<scheduleId>`. With nothing new, the mail says so and attaches nothing.
 *
 * @example
 * exportMail({ to, scheduleId, made, origin, secret }).subject; // "Bills and payments for your books: Nov 1 – Nov 30, 2026"
 */
export function exportMail(input: ExportMailInput): Mail {
  const { made } = input;
  const unsubscribe = unsubscribeLinks(
    input.origin,
    unsubscribeToken(input.secret, { userId: input.to.userId, topic: `accounting:${input.scheduleId}` }),
  );
  const period = `${formatDay(made.from)} – ${formatDay(made.to)}`;
  const link = `${input.origin}/accounting`;
  const files = made.plans.flatMap(({ plan, files }) =>
    files
      .filter((f) => f.count > 0)
      .map((f) => ({
        file: f,
        line: `${f.name}: ${FORMATS[plan.query.format].label}, ${f.count} ${plan.kind === "bills" ? "bill" : "payment"}${f.count === 1 ? "" : "s"}, total ${formatMoney(centsText(f.totalCents))}`,
      })),
  );
  const blocked = made.plans
    .filter(({ plan }) => plan.gaps.length > 0)
    .map(
      ({ plan }) =>
        `${FORMATS[plan.query.format].label}: not attached, the mapping lacks ${plan.gaps.map((g) => `${g.label} (${g.problem})`).join(", ")}`,
    );
  const held = [
    ...new Map(made.plans.flatMap(({ plan }) => plan.held.map((h) => [h.number, h] as const))).values(),
  ].map((h) => `${h.number}${h.customerName ? ` (${h.customerName})` : ""}: ${h.reason}`);
  const changed = [
    ...new Set(
      made.plans.flatMap(({ plan }) =>
        plan.changed.map(
          (c) => `${c.number}: changed since its export on ${formatDay(c.exportedAt.slice(0, 10))} (${c.fileName})`,
        ),
      ),
    ),
  ];
  const lines = [
    files.length
      ? `What is new for your books from ${period}, as files QuickBooks or Xero imports:`
      : `Nothing new for your books from ${period}: every bill and payment of it was exported before.`,
    ...files.map((f) => `- ${f.line}`),
    ...(blocked.length
      ? [
          "",
          "Not attached until the mapping is set (How your books name things, on the page):",
          ...blocked.map((b) => `- ${b}`),
        ]
      : []),
    ...(held.length ? ["", "Not in the files yet, and why:", ...held.map((h) => `- ${h}`)] : []),
    ...(changed.length
      ? [
          "",
          "Changed since an earlier export (the books hold the earlier one: replace it):",
          ...changed.map((c) => `- ${c}`),
        ]
      : []),
  ];
  const text = [
    `Hello ${input.to.name},`,
    "",
    ...lines,
    "",
    `Export another period, or again: ${link}`,
    "",
    `You get this mail as a member with the Accounts role. Stop it: ${unsubscribe.url}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(input.to.name)},</p>`,
    ...lines.map((l) => (l === "" ? "" : `<p>${escapeHtml(l)}</p>`)),
    `<p><a href="${escapeHtml(link)}">Export another period, or again</a></p>`,
    `<p style="font-size:12px;color:#555">You get this mail as a member with the Accounts role. <a href="${escapeHtml(unsubscribe.url)}">Stop these mails</a>.</p>`,
  ].join("\n");
  return {
    to: input.to.email,
    subject: `Bills and payments for your books: ${period}`,
    text,
    html,
    link,
    headers: unsubscribe.headers,
    attachments: files.map(({ file }) => ({
      filename: file.name,
      content: Buffer.from(file.bytes),
      contentType: file.name.endsWith(".iif") ? "text/plain; charset=windows-1252" : "text/csv; charset=utf-8",
    })),
  };
}
