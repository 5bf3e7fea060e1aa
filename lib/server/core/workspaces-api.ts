import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { parseRole } from "@/lib/session/roles";
import type { WorkspaceMade } from "@/lib/session/session-view";
import { workspaceSlug } from "@/lib/session/workspace-slug";
import type { ActorResolver } from "./auth/actor";
import type { Auth } from "./auth/auth";
import { isDemoPerson } from "./auth/demo";
import { voidInvitationsOf } from "./auth/invitation-rights";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import { defineRoute } from "./define-route";
import { refusal, refuse } from "./route-errors";
import { NO_STORE } from "./route-errors";

/** What the workspace routes need from the backend. */
export interface WorkspacesDeps {
  actors: ActorResolver;
  auth: Auth;
  db: Kysely<BackroomDatabase>;
}

const tables = (deps: WorkspacesDeps) => deps.db.withTables<AuthTables>();

const Name = z
  .string()
  .trim()
  .min(1, { error: "name: name the workspace" })
  .max(100, { error: "name: at most 100 characters" });

/** A double click (or a retry) on "Create the workspace" within this long finds the one it made. */
const SAME_WORKSPACE_MS = 60_000;

/** The workspace this person made under this name within the last minute, if any: a retry's, answered again. */
async function justMade(deps: WorkspacesDeps, userId: string, name: string) {
  const rows = await tables(deps)
    .selectFrom("auth_member")
    .innerJoin("auth_organization", "auth_organization.id", "auth_member.organizationId")
    .select(["auth_organization.id", "auth_organization.name", "auth_organization.slug", "auth_organization.createdAt"])
    .where("auth_member.userId", "=", userId)
    .where("auth_member.role", "=", "owner")
    .where("auth_organization.name", "=", name)
    .execute();
  // Compared here: each database keeps the library's dates its own way.
  return rows.find((w) => new Date(w.createdAt).getTime() > Date.now() - SAME_WORKSPACE_MS);
}

/** `POST /api/workspaces` (`WorkspaceMade`). */
export const WorkspaceMadeAnswer = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
}) satisfies z.ZodType<WorkspaceMade>;

/** The refusal of a change made while another tab moved the person to another workspace. */
const WORKSPACE_CHANGED =
  "`workspaceId`, optional: the workspace the page showed; 409 `WORKSPACE_CHANGED` when the person now works in another " +
  "(chosen in another tab), and nothing is changed.";

export const createWorkspace = defineRoute(
  {
    method: "POST",
    path: "/api/workspaces",
    summary: "Makes a workspace, as its owner, and works in it from now on.",
    description: [
      "Its slug is Backroom's (never one of the demo's). The same name again within a minute answers the workspace",
      "already made (a double click or a retry is one workspace).",
      "",
      "- 403 `DEMO_SHARED`: the shared demo's person makes none.",
      "- 409 `WORKSPACE_NOT_MADE`: it could not be made (its slugs taken, three times): try again.",
    ].join("\n"),
    status: 201,
    answer: WorkspaceMadeAnswer,
    need: "signed-in",
    body: z.strictObject({ name: Name }),
  },
  async ({ request, actor, body }, deps: WorkspacesDeps) => {
    if (isDemoPerson(actor.person.email)) throw refuse("demo-shared");
    let made = await justMade(deps, actor.person.id, body.name);
    for (let attempt = 0; !made && attempt < 3; attempt++) {
      made = await deps.auth.api
        .createOrganization({ body: { name: body.name, slug: workspaceSlug(body.name) }, headers: request.headers })
        // A slug taken by chance (a suffix met twice): once more with another suffix.
        .catch((error: unknown) => {
          if ((error as { body?: { code?: string } }).body?.code === "ORGANIZATION_SLUG_ALREADY_TAKEN")
            return undefined;
          throw error;
        });
    }
    if (!made) throw refusal("WORKSPACE_NOT_MADE", "The workspace could not be made: try again.", 409);
    await deps.auth.api.setActiveOrganization({ body: { organizationId: made.id }, headers: request.headers });
    return { id: made.id, name: made.name, slug: made.slug } satisfies WorkspaceMade;
  },
);

/** The workspace a page showed: the change is made only while the person still works in it (another tab may have moved). */
const ShownWorkspace = z.string().min(1).max(100);

function stillShown(actor: { workspace: { id: string } }, workspaceId: string | undefined) {
  if (workspaceId !== undefined && workspaceId !== actor.workspace.id)
    throw refusal(
      "WORKSPACE_CHANGED",
      "You now work in another workspace (chosen in another tab): reload the page, then try again.",
      409,
    );
}

const WorkspaceChange = z
  .strictObject({
    workspaceId: ShownWorkspace.optional(),
    name: Name.optional(),
    requireTwoFactor: z.boolean().optional(),
  })
  .refine((change) => change.name !== undefined || change.requireTwoFactor !== undefined, {
    error: "Give the workspace's new name, or whether it requires two factors.",
  });

export const updateWorkspace = defineRoute(
  {
    method: "PATCH",
    path: "/api/workspace",
    summary: "Renames the workspace worked in, or requires two factors of its members.",
    description: [
      "At least one of `name` and `requireTwoFactor`. Members without two factors in a workspace that requires them",
      "read none of its data until they turn theirs on (403 `TWO_FACTOR_REQUIRED`).",
      "",
      `- ${WORKSPACE_CHANGED}`,
      "- 409 `TWO_FACTOR_FIRST`: requiring two factors before the person turned on their own (they would shut",
      "  themselves out).",
    ].join("\n"),
    status: 204,
    need: "workspace",
    permission: { organization: ["update"] },
    body: WorkspaceChange,
  },
  async ({ request, actor, body }, deps: WorkspacesDeps) => {
    stillShown(actor, body.workspaceId);
    if (body.requireTwoFactor && !actor.person.twoFactorEnabled)
      throw refusal(
        "TWO_FACTOR_FIRST",
        "Turn on your own two factors (on your account) before requiring them of every member.",
        409,
      );
    await deps.auth.api.updateOrganization({
      body: {
        organizationId: actor.workspace.id,
        data: {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.requireTwoFactor !== undefined ? { requireTwoFactor: body.requireTwoFactor } : {}),
        },
      },
      headers: request.headers,
    });
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

export const leaveWorkspace = defineRoute(
  {
    method: "POST",
    path: "/api/workspace/leave",
    summary: "Leaves the workspace worked in, two factors or not.",
    description: [
      "The invitations the person made in it are cancelled with them. The body is optional.",
      "",
      `- ${WORKSPACE_CHANGED}`,
      "- 400 `YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER`: the last owner stays (make another member owner",
      "  first).",
      "- 403 `DEMO_SHARED`: the shared demo's person stays in the demo.",
    ].join("\n"),
    status: 204,
    need: "member",
    body: z.strictObject({ workspaceId: ShownWorkspace.optional() }).optional(),
  },
  async ({ request, actor, body }, deps: WorkspacesDeps) => {
    stillShown(actor, body?.workspaceId);
    if (isDemoPerson(actor.person.email)) throw refuse("demo-shared");
    await deps.auth.api.leaveOrganization({
      body: { organizationId: actor.workspace.id },
      headers: request.headers,
    });
    // Their invitations leave with them (better-auth has no hook for a member who leaves, as it has for a removal).
    await voidInvitationsOf(deps.db, actor.workspace.id, actor.person.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

export const chooseWorkspace = defineRoute(
  {
    method: "PUT",
    path: "/api/session/workspace",
    summary: "Works in another of one's workspaces from now on.",
    description:
      "404 `NO_SUCH_WORKSPACE` when the person is not a member of it: their session keeps the workspace it had.",
    status: 204,
    need: "signed-in",
    body: z.strictObject({ workspaceId: z.string().min(1).max(100) }),
  },
  async ({ request, actor, body }, deps: WorkspacesDeps) => {
    const membership = await tables(deps)
      .selectFrom("auth_member")
      .select("role")
      .where("organizationId", "=", body.workspaceId)
      .where("userId", "=", actor.person.id)
      .executeTakeFirst();
    if (!membership || !parseRole(membership.role))
      throw refusal("NO_SUCH_WORKSPACE", "You are not a member of that workspace.", 404);
    await deps.auth.api.setActiveOrganization({
      body: { organizationId: body.workspaceId },
      headers: request.headers,
    });
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
