import "server-only";
import { NOTIFICATION_KINDS, isNotificationKind } from "@/lib/session/notification-kinds";
import type { Notification } from "@/lib/session/notifications-view";
import type { Mail } from "../auth/mailer";

/**
 * The mails Backroom sends of its own accord about notifications: one notification, and the daily digest. Plain
 * templates, no library: a text part and an HTML part saying the same, the HTML a single column of real headings,
 * lists and links (readable by a screen reader and in a client that shows no styles), every link absolute to this
 * Backroom, and the unsubscribe link in the body and in the headers (`unsubscribe.ts`).
 */

export interface MailLinks {
  /** Backroom's address (`mailOrigin`), for the links back. */
  origin: string;
  /** The one-click unsubscribe: the page's link and the mail client's headers. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notification's record in Backroom, absolute; the inbox's page when it names none. */
const linkOf = (notification: Pick<Notification, "link">, origin: string) => `${origin}${notification.link ?? "/"}`;

function page(title: string, body: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#0f172a;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif">',
    '<div style="max-width:560px;margin:0 auto">',
    body,
    "</div></body></html>",
  ].join("");
}

const footer = (why: string, unsubscribeUrl: string, label: string) =>
  `<hr style="border:0;border-top:1px solid #cbd5e1;margin:24px 0"><p style="font-size:14px;color:#334155">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#1d4ed8">${escapeHtml(label)}</a></p>`;

/**
 * @example
 * notificationMail({ title: "Payment request 9001 confirmed", link: "/payments", kind: "payment-confirmed", ... }, "ana@example.com", links);
 * // { subject: "Payment request 9001 confirmed", text: "Payment request 9001 confirmed\n\nOpen it: https://…/payments\n…", html: "<!doctype html>…" }
 */
export function notificationMail(
  notification: Pick<Notification, "kind" | "title" | "link">,
  to: string,
  links: MailLinks,
): Mail {
  const kind = isNotificationKind(notification.kind) ? NOTIFICATION_KINDS[notification.kind].label : notification.kind;
  const url = linkOf(notification, links.origin);
  const why = `You get this email because your Backroom notification settings send "${kind}" by email.`;
  const text = [
    notification.title,
    "",
    `Open it in Backroom: ${url}`,
    "",
    "--",
    why,
    `Stop these emails (one click): ${links.unsubscribe.url}`,
    `Change your settings: ${links.origin}/account/notifications`,
  ].join("\n");
  const html = page(
    notification.title,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(notification.title)}</h1>`,
      `<p><a href="${escapeHtml(url)}" style="color:#1d4ed8;font-weight:600">Open it in Backroom</a></p>`,
      footer(why, links.unsubscribe.url, `Stop "${kind}" emails`),
      `<p style="font-size:14px;color:#334155"><a href="${escapeHtml(`${links.origin}/account/notifications`)}" style="color:#1d4ed8">Change your notification settings</a></p>`,
    ].join(""),
  );
  return { to, subject: notification.title, text, html, link: url, headers: links.unsubscribe.headers };
}

/**
 * The daily digest: what the person was told since the last one and not emailed, by kind, each a link to its record,
 * and how many more were emailed to them as they happened (`emailed`, not listed again).
 *
 * @example
 * digestMail({ items, emailed: 2, to: "ana@example.com", day: "Monday, November 23", links });
 * // { subject: "Backroom: 3 updates for Monday, November 23", text: "…Not listed: 2 more, emailed to you as they happened.…", … }
 */
export function digestMail({
  items,
  emailed = 0,
  to,
  day,
  links,
}: {
  items: readonly Pick<Notification, "kind" | "title" | "link">[];
  emailed?: number;
  to: string;
  day: string;
  links: MailLinks;
}): Mail {
  const groups = new Map<string, Pick<Notification, "kind" | "title" | "link">[]>();
  for (const item of items) {
    const label = isNotificationKind(item.kind) ? NOTIFICATION_KINDS[item.kind].label : item.kind;
    groups.set(label, [...(groups.get(label) ?? []), item]);
  }
  const subject = `Backroom: ${items.length} ${items.length === 1 ? "update" : "updates"} for ${day}`;
  const also =
    emailed > 0
      ? `Not listed: ${emailed} more, emailed to you as ${emailed === 1 ? "it" : "they"} happened.`
      : undefined;
  const why = "You get this daily digest because it is on in your Backroom notification settings.";
  const text = [
    subject,
    "",
    ...[...groups].flatMap(([label, group]) => [
      `${label} (${group.length})`,
      ...group.map((n) => `- ${n.title}\n  ${linkOf(n, links.origin)}`),
      "",
    ]),
    ...(also ? [also, ""] : []),
    "--",
    why,
    `Stop the daily digest (one click): ${links.unsubscribe.url}`,
    `Change your settings: ${links.origin}/account/notifications`,
  ].join("\n");
  const html = page(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>`,
      ...[...groups].map(
        ([label, group]) =>
          `<h2 style="font-size:17px;margin:20px 0 8px">${escapeHtml(label)} (${group.length})</h2><ul style="padding-left:20px;margin:0">${group
            .map(
              (n) =>
                `<li style="margin:4px 0"><a href="${escapeHtml(linkOf(n, links.origin))}" style="color:#1d4ed8">${escapeHtml(n.title)}</a></li>`,
            )
            .join("")}</ul>`,
      ),
      ...(also ? [`<p style="margin:20px 0 0">${escapeHtml(also)}</p>`] : []),
      footer(why, links.unsubscribe.url, "Stop the daily digest"),
      `<p style="font-size:14px;color:#334155"><a href="${escapeHtml(`${links.origin}/account/notifications`)}" style="color:#1d4ed8">Change your notification settings</a></p>`,
    ].join(""),
  );
  return { to, subject, text, html, link: `${links.origin}/`, headers: links.unsubscribe.headers };
}
