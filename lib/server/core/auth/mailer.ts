import "server-only";
import nodemailer from "nodemailer";

/**
 * One mail Backroom sends: an account's verification, a password reset, an invitation to a workspace, a notification,
 * and whatever a feature mails.
 */
export interface Mail {
  to: string;
  /** A copy to (the person a mail is sent for): one message, both recipients. */
  cc?: string;
  subject: string;
  /** The body, in plain text; it holds `link`. */
  text: string;
  /** The same body in HTML, when there is one (a notification): sent as the alternative to `text`. */
  html?: string;
  /** The link the mail is for (it carries a token or an invitation's id, or is the page the mail is about). */
  link: string;
  /** More headers (List-Unsubscribe and List-Unsubscribe-Post for a notification's kind). */
  headers?: Record<string, string>;
  /** Files attached (a CSV, a PDF). */
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface Mailer {
  /** Whether mail goes out (SMTP_URL is set); without it, the person who made a link is shown it instead. */
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://...`; unset: nothing is sent. */
  url?: string;
  from: string;
  /** Where a mail that was not sent is noted (at info), its link without the token's secret part. */
  noted: (line: { to: string; subject: string; link: string }) => void;
}

/**
 * A link with its secrets cut short, for a log line: each query value and the last path segment keep their first six
 * characters.
 *
 * @example
 * redactLink("https://b.example/api/auth/reset-password/abcdef123456?callbackURL=/x"); // "https://b.example/api/auth/reset-password/abcdef…?callbackURL=%2Fx…"
 */
export function redactLink(link: string): string {
  try {
    const url = new URL(link);
    const cut = (value: string) => (value.length > 6 ? `${value.slice(0, 6)}…` : value);
    const segments = url.pathname.split("/");
    segments[segments.length - 1] = cut(segments.at(-1) ?? "");
    url.pathname = segments.join("/");
    for (const [key, value] of [...url.searchParams]) url.searchParams.set(key, cut(value));
    return decodeURI(url.toString());
  } catch {
    return "(a link that could not be read)";
  }
}

/**
 * Sends Backroom's mail through nodemailer over `SMTP_URL`. Without one, nothing is sent: the mail is noted in the log
 * at info, its link without the token's secret part, and the pages show an invitation's link to the person who made it.
 *
 * @example
 * const mailer = createMailer({ url: serverEnv.SMTP_URL, from: serverEnv.MAIL_FROM, noted: (line) => log().info(line, "mail not sent: no SMTP_URL") });
 */
export function createMailer(options: MailerOptions): Mailer {
  if (!options.url) {
    return {
      delivers: false,
      async send(mail) {
        options.noted({ to: mail.to, subject: mail.subject, link: redactLink(mail.link) });
      },
    };
  }
  const transport = nodemailer.createTransport(options.url);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        attachments: mail.attachments,
      });
    },
  };
}
