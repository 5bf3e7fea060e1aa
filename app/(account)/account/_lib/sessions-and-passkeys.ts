import "server-only";
import { headers } from "next/headers";
import { backend } from "@/lib/backend";
import { passkeyRows, sessionRows } from "@/lib/ui/account/account-rows";

/** The person's sessions and passkeys, read with better-auth's server API for the first paint (no token goes out). */
export async function sessionsAndPasskeys(currentId: string | undefined) {
  const [{ auth }, incoming] = await Promise.all([backend(), headers()]);
  // The page's own headers: the cookie, and the host better-auth resolves its address from.
  const asked = new Headers(incoming);
  const [sessions, passkeys] = await Promise.all([
    auth.api.listSessions({ headers: asked }).catch(() => []),
    auth.api.listPasskeys({ headers: asked }).catch(() => []),
  ]);
  return {
    sessions: sessionRows(sessions, currentId),
    passkeys: passkeyRows(passkeys),
    host: incoming.get("host") ?? undefined,
  };
}
