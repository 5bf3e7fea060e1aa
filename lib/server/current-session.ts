import "server-only";
import { cookies } from "next/headers";
import type { SessionKey } from "@/lib/session/connect";
import type { SessionDeps } from "./session-api";
import { sessionJson } from "./session-api";
import { sessionIdFromCookies } from "./session-cookie";

export interface CurrentSession {
  active: SessionKey | undefined;
  keys: SessionKey[];
}

/**
 * The session of the request being rendered (server components), or undefined when there is none. Reading the cookie
 * first makes the page dynamic (rendered per request, as the CSP nonce needs), and spares a visitor without a
 * session any work.
 */
export async function currentSession(getDeps: () => Promise<Pick<SessionDeps, "store" | "isSandbox" | "rateLimits">>): Promise<CurrentSession | undefined> {
  const sessionId = sessionIdFromCookies(await cookies());
  if (!sessionId) return undefined;
  const deps = await getDeps();
  const view = await deps.store.view(sessionId);
  if (!view) return undefined;
  const { keys } = sessionJson(view, deps);
  return { active: keys.find((k) => k.id === view.activeKeyId), keys };
}
