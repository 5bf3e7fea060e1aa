import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { backend } from "@/lib/backend";
import type { SessionKey } from "@/lib/session/connect";
import { safeNext } from "@/lib/session/safe-next";
import { currentSession } from "@/lib/server/current-session";

/**
 * The session of a dashboard page, with its active key; without one, the person goes to /connect and comes back to
 * the page they asked for (the root proxy names it in `x-backroom-path`).
 */
export async function requireSession(): Promise<{ active: SessionKey; keys: SessionKey[] }> {
  const session = await currentSession(backend);
  if (session?.active) return { active: session.active, keys: session.keys };
  const here = safeNext((await headers()).get("x-backroom-path") ?? undefined);
  redirect(here && here !== "/" ? `/connect?next=${encodeURIComponent(here)}` : "/connect");
}
