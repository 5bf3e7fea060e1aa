import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import type { SessionKey, SessionView, WorkspaceChoice } from "@/lib/session/session-view";
import type { Actor, ActorResolver } from "./auth/actor";
import type { Auth } from "./auth/auth";
import { isDemoPerson } from "./auth/demo";
import type { WorkspaceKeyStore } from "./auth/workspace-keys";
import type { AuditTrail } from "./audit/audit-trail";
import type { ConnectThrottle } from "./connect-throttle";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import { defineRoute, refuse } from "./define-route";
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

// GET /api/session: who is signed in, the workspace they work in and their role, its keys and the one they work with,
// their other workspaces (401 NOT_SIGNED_IN without a session).
export const describe = defineRoute({ need: "signed-in" }, async ({ actor }, deps: SessionDeps) =>
  sessionView(actor, deps),
);

const ChooseKey = z.strictObject({ activeKeyId: z.string().min(1).max(100) });

// PATCH /api/session {activeKeyId}: work with another key of the workspace from now on, in every session of the person.
export const chooseKey = defineRoute(
  { need: "workspace", body: ChooseKey, maxBodyBytes: 4096 },
  async ({ request, actor, body }, deps: SessionDeps) => {
    if (!(await deps.keys.setActive(actor.workspace.id, actor.person.id, body.activeKeyId)))
      throw refuse("no-such-key");
    await deps.actors.keyChosen(actor.workspace.id, actor.person.id);
    const again = await deps.actors.resolve(request.headers);
    if (!again) throw refuse("not-signed-in");
    return sessionView(again, deps);
  },
);
