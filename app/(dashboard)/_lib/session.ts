import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { backend } from "@/lib/backend";
import type { SessionKey, SessionView } from "@/lib/session/session-view";
import { safeNext } from "@/lib/session/safe-next";
import { currentSession } from "@/lib/server/core/current-session";

/**
 * Who is signed in on a dashboard page, working in a workspace, with the key they work with. Otherwise the person is
 * sent where they can go on, and comes back to the page they asked for (the root proxy names it in `x-backroom-path`):
 * signed out, to /sign-in; in no workspace, to /workspaces; where the workspace requires two factors they lack, to
 * /account; in a workspace without a key yet, to /settings/keys (where owners and admins add one, and others read why).
 */
export async function requireSession(): Promise<{
  active: SessionKey;
  keys: SessionKey[];
  view: SessionView;
  /** The shared demo's visitor this session belongs to (`recordOwner`: their records are theirs alone); else none. */
  visitor?: string;
}> {
  const session = await currentSession(backend);
  const here = safeNext((await headers()).get("x-backroom-path") ?? undefined);
  const back = here && here !== "/" ? `?next=${encodeURIComponent(here)}` : "";
  if (!session) redirect(`/sign-in${back}` as never);
  const { view } = session;
  if (!view.workspace || !view.role) redirect(`/workspaces${back}` as never);
  if (view.needsTwoFactor) redirect(`/account?required=two-factor${back ? `&${back.slice(1)}` : ""}`);
  const active = view.keys.find((k) => k.id === view.activeKeyId);
  if (!active) redirect("/settings/keys");
  return { active, keys: view.keys, view, ...(session.actor.visitor ? { visitor: session.actor.visitor } : {}) };
}
