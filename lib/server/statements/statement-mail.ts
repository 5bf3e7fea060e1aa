import "server-only";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { formatDay, formatMoney } from "@/lib/format/display";
import { pageHref } from "@/lib/domain/page-href";
import type { Statement } from "@/lib/domain/statements/statement";
import type { Mail } from "../core/auth/mailer";
import { unsubscribeLinks, unsubscribeToken } from "../core/notify/unsubscribe";

/** One account's part of a monthly mail: its statement and its PDF. */
export interface MailedStatement {
  statement: Statement;
  pdf: Uint8Array;
  fileName: string;
}

export interface StatementMailInput {
  to: { userId: string; email: string; name: string };
  scheduleId: string;
  statements: MailedStatement[];
  /** Backroom's address for links (`mailOrigin`). */
  origin: string;
  secret: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An account's lines in the mail: its balance, what of it is past due, the credit on payments left to apply. */
function summary(statement: Statement): { name: string; lines: string[]; url: (origin: string) => string } {
  const { buckets } = statement.aging;
  const overdue = addDecimals(buckets["1-30"], buckets["31-60"], buckets["61-90"], buckets["91"]);
  const lines = [
    `Balance outstanding ${formatMoney(statement.aging.total)}`,
    ...(compareDecimals(overdue, "0") > 0
      ? [
          `past due ${formatMoney(overdue)} (over 30 days ${formatMoney(addDecimals(buckets["31-60"], buckets["61-90"], buckets["91"]))})`,
        ]
      : ["nothing past due"]),
    ...(statement.credits.length ? [`credit on payments to apply ${formatMoney(statement.creditTotal)}`] : []),
  ];
  return {
    name: `${statement.name ?? "AR account"} (AR account ${statement.arAccountId})`,
    lines,
    url: (origin) => `${origin}${pageHref.statements({ account: statement.arAccountId })}`,
  };
}

/**
 * One member's monthly mail: each account's statement attached as a PDF, its balance in a line, a link to its page,
 * and the one-click unsubscribe (the link, and `List-Unsubscribe`) signed for `statements:<scheduleId>`.
 *
 * @example
 * statementMail({ to, scheduleId, statements: [{ statement, pdf, fileName: "statement-50001-2026-11-30-letter.pdf" }], origin, secret });
 * // { subject: "Statement of account as of Nov 30, 2026: Valley Cannabis - Oakland", attachments: [{ filename: "statement-50001-…", … }], … }
 */
export function statementMail(input: StatementMailInput): Mail {
  const unsubscribe = unsubscribeLinks(
    input.origin,
    unsubscribeToken(input.secret, { userId: input.to.userId, topic: `statements:${input.scheduleId}` }),
  );
  const first = input.statements[0]!.statement;
  const dated = first.asOf ? ` as of ${formatDay(first.asOf)}` : "";
  const names = input.statements.map((s) => s.statement.name ?? `AR account ${s.statement.arAccountId}`);
  const subject = `${input.statements.length === 1 ? "Statement" : "Statements"} of account${dated}: ${names.length <= 2 ? names.join(", ") : `${names[0]} and ${names.length - 1} more`}`;
  const parts = input.statements.map((s) => summary(s.statement));
  const text = [
    `Hello ${input.to.name},`,
    "",
    `The monthly ${input.statements.length === 1 ? "statement" : "statements"} of your workspace's ${input.statements.length === 1 ? "account is" : "accounts are"} attached as PDF, as the distributor's last close left ${input.statements.length === 1 ? "it" : "them"}:`,
    ...parts.flatMap((p) => ["", p.name, ...p.lines.map((line) => `  ${line}`), `  ${p.url(input.origin)}`]),
    "",
    `You get this mail as a member with the Accounts role. Stop it: ${unsubscribe.url}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(input.to.name)},</p>`,
    `<p>The monthly ${input.statements.length === 1 ? "statement" : "statements"} of your workspace's ${input.statements.length === 1 ? "account is" : "accounts are"} attached as PDF, as the distributor's last close left ${input.statements.length === 1 ? "it" : "them"}:</p>`,
    ...parts.map(
      (p) =>
        `<p><a href="${escapeHtml(p.url(input.origin))}"><strong>${escapeHtml(p.name)}</strong></a><br>${p.lines.map(escapeHtml).join("<br>")}</p>`,
    ),
    `<p style="font-size:12px;color:#555">You get this mail as a member with the Accounts role. <a href="${escapeHtml(unsubscribe.url)}">Stop these statements</a>.</p>`,
  ].join("\n");
  return {
    to: input.to.email,
    subject,
    text,
    html,
    link: parts[0]!.url(input.origin),
    headers: unsubscribe.headers,
    attachments: input.statements.map((s) => ({
      filename: s.fileName,
      content: Buffer.from(s.pdf),
      contentType: "application/pdf",
    })),
  };
}
