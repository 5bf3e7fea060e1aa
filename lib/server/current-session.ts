import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
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
// Cached per render: the layout and the page ask for it in the same request.
export const currentSession = cache(async (getDeps: () => Promise<Pick<SessionDeps, "store" | "isSandbox" | "rateLimits">>): Promise<CurrentSession | undefined> => {
  const https = (await headers()).get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  const sessionId = sessionIdFromCookies(await cookies(), https);
  if (!sessionId) return undefined;
  const deps = await getDeps();
  const view = await deps.store.view(sessionId);
  if (!view) return undefined;
  const { keys } = await sessionJson(view, deps);
  return { active: keys.find((k) => k.id === view.activeKeyId), keys };
});
