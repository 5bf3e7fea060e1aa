import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { HISTORY_SCOPES, type SessionKey, type SessionView, type WorkspaceChoice } from "@/lib/session/session-view";
import type { Actor, ActorResolver } from "./auth/actor";
import type { Auth } from "./auth/auth";
import { isDemoPerson } from "./auth/demo";
import type { WorkspaceKeyStore } from "./auth/workspace-keys";
import type { AuditTrail } from "./audit/audit-trail";
import type { ConnectThrottle } from "./connect-throttle";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import { defineRoute } from "./define-route";
import { refuse } from "./route-errors";
import type { Environment } from "./env";
import type { Upstream } from "./proxy";
import type { RateLimitBook } from "./rate-limit-book";
import type { RequestLog } from "./request-log";
import type { ResponseCache } from "./response-cache";
import type { StoredKeyInfo } from "./session";

/** What the session, key and demo endpoints need from the backend. */
export interface SessionDeps {
  actors: ActorResolver;
  auth: Auth;
  keys: WorkspaceKeyStore;
  db: Kysely<BackroomDatabase>;
  /** The proxy's response cache, when on: a removed key's answers go with it. */
  cache?: ResponseCache;
  rateLimits: RateLimitBook;
  upstream: (environment: Environment, request: Request) => Upstream | Promise<Upstream>;
  isSandbox: (environment: Environment) => boolean;
  /** How long each upstream read of a key's check may take. */
  timeoutMs: number;
  /** The sandbox's demo key of a key type, for an environment the sandbox serves; undefined otherwise. */
  demoKey: (environment: Environment, keyType: "Customer" | "Supplier" | "Employee") => string | undefined;
  /** The proxy's request log: a key's entries go when the key does. */
  requestLog?: RequestLog;
  /** Refused keys (and failed sign-ins) counted per client address and account (429 once too many). */
  throttle: ConnectThrottle;
  /** Where keys added and removed, and demo sign-ins, are recorded. */
  audit: AuditTrail;
  /** Whether Backroom sends mail (SMTP_URL). */
  mailDelivers: boolean;
  /** The demo people's passwords are derived from this (SESSION_SECRET): never stored, never shown. */
  secret: string;
}

/** A workspace's key as the pages see it (`SessionKey`): never the key itself nor its fingerprint. */
export const SessionKeyAnswer = z.object({
  id: z.string(),
  keyType: z.enum(["Employee", "Customer", "Supplier"]),
  environment: z.enum(["production", "test"]),
  sandbox: z.boolean().describe("The environment is served by Backroom's embedded sandbox."),
  label: z.string(),
  scope: z
    .object({
      customers: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
      suppliers: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
      summary: z.string(),
    })
    .describe("Whose data the key reads: its customers or suppliers, and a sentence saying so."),
  hint: z.string().describe("The key's last four characters, to tell keys apart."),
  addedAt: z.string(),
  lastUsedAt: z.string().nullable(),
  rateLimit: z
    .object({ limit: z.number(), remaining: z.number(), resetsAt: z.string(), seenAt: z.string() })
    .nullable()
    .describe("The key's hourly rate limit as the Data API last reported it (`seenAt`), or null before any."),
  historyScope: z
    .enum(HISTORY_SCOPES)
    .optional()
    .describe("An Employee key's: what its insights history covers (`linked-reps` or `distributor`)."),
}) satisfies z.ZodType<SessionKey>;

/** `GET /api/session` (`SessionView`). */
export const SessionViewAnswer = z.object({
  person: z.object({ id: z.string(), email: z.string(), name: z.string(), twoFactorEnabled: z.boolean() }),
  workspace: z
    .object({ id: z.string(), name: z.string(), slug: z.string(), requireTwoFactor: z.boolean() })
    .nullable()
    .describe("The workspace the person works in, or null in none."),
  role: z.string().nullable().describe("The person's role there (owner, admin, ...), or null in no workspace."),
  salesRepUserId: z
    .number()
    .nullable()
    .describe("The sales rep (`/salesReps` UserID) the person is linked to in this workspace, if any."),
  needsTwoFactor: z
    .boolean()
    .describe("The workspace requires two factors and the person has none yet: no key until they turn them on."),
  workspaces: z
    .array(z.object({ id: z.string(), name: z.string(), slug: z.string(), role: z.string() }))
    .describe("Every workspace the person belongs to, with their role in each, by name."),
  keys: z
    .array(SessionKeyAnswer)
    .describe("The workspace's keys (none while the person lacks the two factors it requires)."),
  activeKeyId: z.string().nullable().describe("The key the person works with, or null."),
  mailDelivers: z
    .boolean()
    .describe("Whether Backroom sends mail: without, an invitation's link is shown once, to the person who made it."),
  demo: z.boolean().describe("The shared demo person of the sandbox: its account, keys and members stay as they are."),
}) satisfies z.ZodType<SessionView>;

/** Each key as the pages see it (never the key nor its fingerprint), with its last rate-limit figures. */
export async function keysJson(
  keys: readonly StoredKeyInfo[],
  deps: Pick<SessionDeps, "isSandbox" | "rateLimits">,
): Promise<SessionKey[]> {
  // The figures are a hint: a store that does not answer shows none rather than failing the page.
  const figures = await deps.rateLimits.get(keys.map((k) => k.fingerprint)).catch(() => keys.map(() => undefined));
  return keys.map((key, i) => ({
    id: key.id,
    keyType: key.keyType,
    environment: key.environment,
    sandbox: deps.isSandbox(key.environment),
    label: key.label,
    scope: key.scope,
    hint: key.hint,
    addedAt: key.addedAt,
    lastUsedAt: key.lastUsedAt,
    rateLimit: figures[i] ?? null,
    ...(key.historyScope ? { historyScope: key.historyScope } : {}),
  }));
}

/** The workspaces a person belongs to, with their role in each. */
async function workspacesOf(userId: string, deps: Pick<SessionDeps, "db">): Promise<WorkspaceChoice[]> {
  const db = deps.db.withTables<AuthTables>();
  const rows = await db
    .selectFrom("auth_member")
    .innerJoin("auth_organization", "auth_organization.id", "auth_member.organizationId")
    .select(["auth_organization.id", "auth_organization.name", "auth_organization.slug", "auth_member.role"])
    .where("auth_member.userId", "=", userId)
    .orderBy("auth_organization.name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, role: r.role }));
}

/** Who is signed in as the pages see it (`GET /api/session`). */
export async function sessionView(
  actor: Actor,
  deps: Pick<SessionDeps, "db" | "isSandbox" | "rateLimits" | "mailDelivers">,
): Promise<SessionView> {
  const [workspaces, keys] = await Promise.all([
    workspacesOf(actor.person.id, deps),
    // The workspace's keys are its data: none while the person lacks the two factors it requires.
    keysJson(actor.needsTwoFactor ? [] : (actor.workspace?.keys ?? []), deps),
  ]);
  const { workspace } = actor;
  return {
    person: actor.person,
    workspace: workspace
      ? { id: workspace.id, name: workspace.name, slug: workspace.slug, requireTwoFactor: workspace.requireTwoFactor }
      : null,
    role: actor.membership?.role ?? null,
    salesRepUserId: actor.membership?.salesRepUserId ?? null,
    needsTwoFactor: actor.needsTwoFactor,
    workspaces,
    keys,
    activeKeyId: actor.key?.id ?? null,
    mailDelivers: deps.mailDelivers,
    demo: isDemoPerson(actor.person.email),
  };
}

export const getSession = defineRoute(
  {
    method: "GET",
    path: "/api/session",
    summary:
      "Who is signed in: the workspace they work in and their role, its keys and the one they work with, their other workspaces.",
    description:
      "Never a key: each key is described by its type, environment, label, scope and last four characters, with the " +
      "last rate-limit figures the Data API reported for it.",
    need: "signed-in",
    answer: SessionViewAnswer,
  },
  async ({ actor }, deps: SessionDeps) => sessionView(actor, deps),
);

const ChooseKey = z.strictObject({ activeKeyId: z.string().min(1).max(100) });

export const chooseKey = defineRoute(
  {
    method: "PATCH",
    path: "/api/session",
    summary: "Works with another key of the workspace from now on, in every session of the person.",
    description:
      "`activeKeyId` is the id of one of the workspace's keys (404 for another). Answers the session as `GET " +
      "/api/session` does, with the key chosen.",
    need: "workspace",
    body: ChooseKey,
    maxBodyBytes: 4096,
    answer: SessionViewAnswer,
  },
  async ({ request, actor, body }, deps: SessionDeps) => {
    if (!(await deps.keys.setActive(actor.workspace.id, actor.person.id, body.activeKeyId)))
      throw refuse("no-such-key");
    await deps.actors.keyChosen(actor.workspace.id, actor.person.id);
    const again = await deps.actors.resolve(request.headers);
    if (!again) throw refuse("not-signed-in");
    return sessionView(again, deps);
  },
);
