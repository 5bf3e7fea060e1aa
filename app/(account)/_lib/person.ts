import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { safeNext } from "@/lib/session/safe-next";
import type { SessionView } from "@/lib/session/session-view";

/** The page asked for (the root proxy names it in `x-backroom-path`), encoded for `?next=`, unless it is the dashboard's. */
async function here(): Promise<string | undefined> {
  const path = safeNext((await headers()).get("x-backroom-path") ?? undefined);
  return path && path !== "/" ? encodeURIComponent(path) : undefined;
}

/**
 * Who is signed in, on an account page (which needs no key, and no workspace unless it says so); signed out, the
 * person is sent to /sign-in and comes back here after, as the dashboard's `requireSession` does.
 */
export async function requirePerson(): Promise<SessionView> {
  const session = await currentSession(backend);
  if (!session) {
    const next = await here();
    redirect(next ? `/sign-in?next=${next}` : "/sign-in");
  }
  return session.view;
}

/** A session view in a workspace, with the person's role there. */
export type WorkspaceView = SessionView & { workspace: NonNullable<SessionView["workspace"]>; role: string };

/**
 * Who is signed in and the workspace they work in (the settings pages); in none, they choose one at /workspaces first.
 * Where the workspace requires two factors the person lacks, its settings are its data too: they turn theirs on at
 * /account first, as the dashboard sends them.
 */
export async function requireWorkspace(): Promise<WorkspaceView> {
  const view = await requirePerson();
  const next = await here();
  if (!view.workspace || !view.role) redirect(next ? `/workspaces?next=${next}` : "/workspaces");
  if (view.needsTwoFactor) redirect(`/account?required=two-factor${next ? `&next=${next}` : ""}`);
  return view as WorkspaceView;
}
