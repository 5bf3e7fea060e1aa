import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { hkdf } from "../session/key-crypto";

/**
 * The one-click unsubscribe of every email Backroom sends of its own accord (a notification, a feature's mail): a link
 * that needs no sign-in, carrying a token signed with the session secret that names the person and what they leave (a
 * notification kind, "invoice-due"; or a feature's topic and id, "<topic>:<id>", which its `unsubscribe` handles). The
 * token does not expire: an old email's link still works, and all it can do is stop mail to the person it names. Mail
 * clients get the same link in `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058): their own button
 * unsubscribes in one click.
 */

export interface Unsubscription {
  userId: string;
  /** A notification kind, "digest", or a feature's topic and id ("<topic>:<id>"). */
  topic: string;
}

const encode = (value: string) => Buffer.from(value, "utf8").toString("base64url");

function signature(secret: string, payload: string): Buffer {
  return createHmac("sha256", hkdf(secret, "backroom unsubscribe")).update(payload).digest().subarray(0, 16);
}

/**
 * @example
 * unsubscribeToken(secret, { userId: "u1", topic: "invoice-due" }); // "eyJ1IjoidTEiLCJ0IjoiaW52b2ljZS1kdWUifQ.Xc3…"
 */
export function unsubscribeToken(secret: string, what: Unsubscription): string {
  const payload = encode(JSON.stringify({ u: what.userId, t: what.topic }));
  return `${payload}.${signature(secret, payload).toString("base64url")}`;
}

/** What a token unsubscribes, or undefined when it is not one of ours (altered, cut, or signed with another secret). */
export function readUnsubscribeToken(
  secrets: { current: string; previous?: string[] },
  token: string,
): Unsubscription | undefined {
  const [payload, signed, extra] = token.split(".");
  if (!payload || !signed || extra !== undefined) return undefined;
  const given = Buffer.from(signed, "base64url");
  const valid = [secrets.current, ...(secrets.previous ?? [])].some((secret) => {
    const expected = signature(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) return undefined;
  try {
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; t?: unknown };
    return typeof body.u === "string" && typeof body.t === "string" ? { userId: body.u, topic: body.t } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page a person opens from an email's link, and the headers that let their mail client unsubscribe in one click.
 *
 * @example
 * const { url, headers } = unsubscribeLinks("https://backroom.example", token);
 * // url: "https://backroom.example/unsubscribe?token=…"; headers["List-Unsubscribe"]: "<https://backroom.example/api/notifications/unsubscribe?token=…>"
 */
export function unsubscribeLinks(origin: string, token: string): { url: string; headers: Record<string, string> } {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    url: `${origin}/unsubscribe?${query}`,
    headers: {
      "List-Unsubscribe": `<${origin}/api/notifications/unsubscribe?${query}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
