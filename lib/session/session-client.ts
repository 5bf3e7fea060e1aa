import { parseErrorBody } from "@/lib/data-api/error-read";
import type { ConnectBody, SessionKey } from "./connect";

/** What the session endpoints answer, or why they refused: a message and the fields it concerns. */
export type SessionResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; fields: Record<string, string>; /** From `Retry-After`: how long until Backroom takes a key again. */ retryAfterSeconds?: number };

async function send<T>(method: string, url: string, body?: unknown): Promise<SessionResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, message: "Backroom could not be reached. Check your connection and try again.", fields: {} };
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // An HTML error page from a proxy in front of Backroom: reported by status below.
  }
  if (response.ok) return { ok: true, data: parsed as T };
  const error = parseErrorBody(parsed);
  const fields = Object.fromEntries((error?.fieldErrors ?? []).map((f) => [f.field, f.detail]));
  const retryAfter = Number(response.headers.get("Retry-After"));
  return {
    ok: false,
    status: response.status,
    message: error?.detail ?? `Backroom answered ${response.status}.`,
    fields,
    ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

export interface Connected {
  keyType: SessionKey["keyType"];
  environment: SessionKey["environment"];
  label: string;
  scope: SessionKey["scope"];
}

/** The browser's calls to Backroom's session endpoints (never the Data API, never with a key in a URL). */
export const sessionClient = {
  connect: (body: ConnectBody) => send<Connected>("POST", "/api/session", body),
  switchTo: (activeKeyId: string) => send<unknown>("PATCH", "/api/session", { activeKeyId }),
  remove: (keyId: string) => send<unknown>("DELETE", `/api/session/keys/${encodeURIComponent(keyId)}`),
  signOut: () => send<unknown>("DELETE", "/api/session"),
};
