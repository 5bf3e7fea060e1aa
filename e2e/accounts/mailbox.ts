import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { SMTPServer } from "smtp-server";

/** A mail Backroom sent, as the test's SMTP server received it. */
export interface CaughtMail {
  /** The envelope's recipients (lower case). */
  to: string[];
  subject: string;
  /** The plain-text body, its transfer encoding undone. */
  text: string;
  /** The files attached (their names, from each part's Content-Disposition). */
  attachments: string[];
  /** Its List-Unsubscribe header (RFC 2369), if any: the link a mail client's own button posts to (RFC 8058). */
  listUnsubscribe?: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`: Backroom's SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** The first mail to `to` whose subject matches, once it has come (Backroom sends after it answers, sometimes). */
  waitFor(to: string, subject: RegExp, options?: { timeout?: number }): Promise<CaughtMail>;
  /** How many mails `to` has received whose subject matches (to check that none came). */
  count(to: string, subject: RegExp): number;
  /** From now on refuses every mail (SMTP 550), as a mail server that is down for Backroom would; `false` accepts again. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

/** The headers of a raw message (folded lines unfolded), by lower-case name, and its body. */
function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable (RFC 2045) as nodemailer writes it: soft line breaks and `=XX` bytes, read as UTF-8. */
function quotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** An encoded-word header (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in plain text. */
function headerText(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_all, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : quotedPrintable(data.replace(/_/g, " ")),
  );
}

/** A single-part text message's body, or the text/plain part of a multipart one, decoded. */
function plainText(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary && /^multipart\//i.test(type)) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const inner = split(part.replace(/^\r?\n/, ""));
      const innerType = inner.headers.get("content-type") ?? "text/plain";
      // A mail with attachments nests its text in a multipart/alternative part.
      if (/^text\/plain/i.test(innerType) || /^multipart\//i.test(innerType)) {
        const text = plainText(inner.headers, inner.body);
        if (text) return text;
      }
    }
    return "";
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return quotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The first link in a mail's text that starts with `prefix` (an absolute URL of the app). */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((l) => l.startsWith(prefix));
  expect(link, `a link starting ${prefix} in “${mail.subject}”:\n${mail.text}`).toBeDefined();
  return link!;
}

/**
 * An SMTP server on loopback that keeps every mail it is given (no authentication, no TLS: Backroom's SMTP_URL is
 * `smtp://127.0.0.1:<port>`), so a test reads the links Backroom mails as the person would.
 */
export async function startMailbox(): Promise<Mailbox> {
  const mails: CaughtMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      const refused: Error & { responseCode?: number } = new Error("Mailbox unavailable (the test refuses mail)");
      refused.responseCode = 550;
      callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { headers, body } = split(raw);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: headerText(headers.get("subject") ?? ""),
          text: plainText(headers, body),
          attachments: [...raw.matchAll(/Content-Disposition:\s*attachment;\s*filename="?([^"\r\n;]+)/gi)].map(
            (m) => m[1]!,
          ),
          ...(headers.has("list-unsubscribe") ? { listUnsubscribe: headers.get("list-unsubscribe") } : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const matching = (to: string, subject: RegExp) =>
    mails.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, subject, { timeout = 30_000 } = {}) {
      await expect
        .poll(() => matching(to, subject).length, { message: `a mail to ${to} with the subject ${subject}`, timeout })
        .toBeGreaterThan(0);
      return matching(to, subject)[0]!;
    },
    count: (to, subject) => matching(to, subject).length,
    refuse: (refuse) => void (refusing = refuse),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
