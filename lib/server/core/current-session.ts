import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import type { SessionView } from "@/lib/session/session-view";
import type { Actor } from "./auth/actor";
import { type SessionDeps, sessionView } from "./session-api";

export interface CurrentSession {
  /** Who is asking (never serialised: it holds the decrypted key). */
  actor: Actor;
  /** What the pages may see of it. */
  view: SessionView;
}

/**
 * Who is signed in, for the request being rendered (server components), or undefined when nobody is. Reading the
 * cookies first makes the page dynamic (rendered per request, as the CSP nonce needs), and spares a visitor without a
 * session any work. The same resolver as every route handler and the proxy (`auth/actor.ts`).
 */
// Cached per render: the layout and the page ask for it in the same request.
export const currentSession = cache(
  async (
    getDeps: () => Promise<Pick<SessionDeps, "actors" | "db" | "isSandbox" | "rateLimits" | "mailDelivers">>,
  ): Promise<CurrentSession | undefined> => {
    const jar = await cookies();
    if (!jar.getAll().some((c) => /(^|__Secure-)backroom\.session_token$/.test(c.name))) return undefined;
    const deps = await getDeps();
    const incoming = await headers();
    // The whole request's headers: better-auth settles its own address from Host (no PUBLIC_URL) as for a route's call.
    const actor = await deps.actors.resolve(new Headers(incoming));
    if (!actor) return undefined;
    return { actor, view: await sessionView(actor, deps) };
  },
);
