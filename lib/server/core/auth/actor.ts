import "server-only";
import { isAPIError } from "better-auth/api";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { parseRole } from "@/lib/session/roles";
import type { AuthTables, BackroomDatabase } from "../db/schema";
import type { ActiveKey, StoredKeyInfo } from "../session/types";
import { createHeardCopies } from "../shared/heard-copies";
import type { SharedStore } from "../shared/shared-store";
import type { Auth } from "./auth";
import { isDemoPerson } from "./demo";
import { visitorOfSession } from "./demo-visitor";
import type { AuthEvents } from "./events";
import type { WorkspaceKeyStore } from "./workspace-keys";

/** A person signed in: better-auth's user. */
export interface Person {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
}

/** A workspace (better-auth's organization) as Backroom reads it, with its keys (no secrets). */
export interface Workspace {
  id: string;
  name: string;
  slug: string;
  requireTwoFactor: boolean;
  keys: StoredKeyInfo[];
}

/** A person's membership of a workspace. */
export interface Membership {
  id: string;
  role: string;
  /** The sales rep (`/salesReps` UserID) the member is linked to, in a workspace of an Employee key. */
  salesRepUserId: number | null;
}

/**
 * Who is asking: the person, their session, the workspace they work in, their role there, and the key they work with.
 * What every route handler and page reads (`defineRoute`, the proxy, the dashboard's layout), resolved in one place.
 */
export interface Actor {
  person: Person;
  session: { id: string; createdAt: string };
  /** The active workspace, when the person has chosen one they are a member of. */
  workspace?: Workspace;
  membership?: Membership;
  /** The workspace requires two factors and the person has none yet: no key until they turn them on. */
  needsTwoFactor: boolean;
  /** The key the person works with in the workspace, decrypted: for the request upstream only, never serialised. */
  key?: ActiveKey;
  /**
   * For the shared demo's person, the visitor (a browser) this session belongs to: their records are theirs alone
   * (`demo-visitor.ts`, `recordOwner`). Nobody else has one.
   */
  visitor?: string;
}

/** The channel on which instances tell each other what changed: a session, a membership, a workspace, a member's key. */
export const ACTORS_CHANGED = "actors-changed";
/** The longest an instance keeps a copy when it cannot hear the others (no Redis, or Redis away). */
const UNHEARD_TTL_MS = 1_000;

interface SessionPart {
  person: Person;
  sessionId: string;
  createdAt: string;
  /** SHA-256 of the cookie's whole value (`token.signature`) better-auth verified when this copy was made. */
  signed: string;
  workspaceId: string | null;
  /** The demo visitor of a demo person's session (`demo-visitor.ts`). */
  visitor?: string;
}

const sha = (text: string) => createHash("sha256").update(text).digest("base64url");
const names = {
  session: (token: string) => `s:${sha(token)}`,
  membership: (workspaceId: string, userId: string) => `m:${workspaceId}:${userId}`,
  workspace: (workspaceId: string) => `w:${workspaceId}`,
  key: (workspaceId: string, userId: string) => `k:${workspaceId}:${userId}`,
};

/**
 * The session cookie of a request as better-auth reads it (better-call's `getSignedCookie`: the first cookie of exactly
 * that name, trimmed, unquoted, decoded where it decodes): its token, a name for the copies, and its whole value
 * (`token.signature`), unverified here.
 */
function sessionCookieOf(headers: Headers, name: string): { token: string; value: string } | undefined {
  for (const pair of (headers.get("cookie") ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Kept as sent, as better-call keeps a value that does not decode.
    }
    const dot = value.lastIndexOf(".");
    return dot > 0 ? { token: value.slice(0, dot), value } : undefined;
  }
  return undefined;
}

export interface ActorResolver {
  /** Who is asking, or undefined when nobody is signed in (or the session ended). */
  resolve(headers: Headers): Promise<Actor | undefined>;
  /** What better-auth must tell: sessions and memberships changed (`createAuth`'s `events`). */
  readonly events: Required<Pick<AuthEvents, "sessionChanged" | "membershipChanged" | "workspaceChanged">>;
  /** A workspace's keys or settings changed (a key added or removed, two factors required). */
  workspaceChanged(workspaceId: string, membersWhoseKeyChanged?: readonly string[]): Promise<void>;
  /** A member chose another key. */
  keyChosen(workspaceId: string, userId: string): Promise<void>;
  /** Makes the resolver read with this better-auth (made after the resolver: its events are the resolver's). */
  bind(auth: Auth): void;
}

export interface ActorResolverOptions {
  db: Kysely<BackroomDatabase>;
  keys: WorkspaceKeyStore;
  /** Where changes are heard from every instance (the shared store: Redis, or memory for one process). */
  shared: SharedStore;
  /** A session ends this long after it began, however active (better-auth's own expiry is the idle one). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * Resolves who is asking, from better-auth's session cookie, with in-process copies kept true across instances
 * (`heard-copies.ts`): a session, a membership, a workspace and a member's key are each read once and kept until a
 * change to them is heard (a sign-out, a role changed or a member removed, a key added or removed), 30 s at most while
 * the instances hear each other and 1 s at most while they do not, so a revocation reaches every instance within a
 * second. A session past its absolute lifetime is ended here.
 *
 * @example
 * const actors = createActorResolver({ db, keys, shared, maxAgeMs });
 * const auth = createAuth({ ..., events: actors.events });
 * actors.bind(auth);
 * const actor = await actors.resolve(request.headers);
 */
export function createActorResolver(options: ActorResolverOptions): ActorResolver {
  const { keys, shared } = options;
  const now = options.now ?? Date.now;
  const db = options.db.withTables<AuthTables>();
  const copies = createHeardCopies<unknown>(shared, ACTORS_CHANGED, { unheardTtlMs: UNHEARD_TTL_MS, max: 20_000 });
  let auth: Auth | undefined;
  let cookieName: string | undefined;

  async function through<V>(name: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const [value] = await copies.through([name], async () => [await read()]);
    return value as V | undefined;
  }

  async function readSession(headers: Headers, signed: string): Promise<SessionPart | undefined> {
    if (!auth) throw new Error("the actor resolver is not bound to better-auth yet");
    // A session ended behind better-auth's copy is refused by its hook (auth-hooks.ts): nobody's.
    const found = await auth.api.getSession({ headers }).catch((error: unknown) => {
      if (isAPIError(error) && error.statusCode === 401) return null;
      throw error;
    });
    if (!found) return undefined;
    const { session, user } = found;
    // The database is the record: a session ended while the shared store was away (its delete reached only this
    // instance's fallback) may still be copied in Redis when it comes back, and is refused here.
    if (!(await db.selectFrom("auth_session").select("id").where("id", "=", session.id).executeTakeFirst()))
      return undefined;
    return {
      person: {
        id: user.id,
        email: user.email,
        name: user.name,
        twoFactorEnabled: Boolean((user as { twoFactorEnabled?: unknown }).twoFactorEnabled),
      },
      sessionId: session.id,
      createdAt: new Date(session.createdAt).toISOString(),
      workspaceId: (session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null,
      signed,
      ...(isDemoPerson(user.email) ? { visitor: await visitorOfSession(options.db, session.id) } : {}),
    };
  }

  async function readMembership(workspaceId: string, userId: string): Promise<Membership | undefined> {
    const row = await db
      .selectFrom("auth_member")
      .select(["id", "role", "salesRepUserId"])
      .where("organizationId", "=", workspaceId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!row || !parseRole(row.role)) return undefined;
    return { id: row.id, role: row.role, salesRepUserId: row.salesRepUserId ?? null };
  }

  async function readWorkspace(workspaceId: string): Promise<Workspace | undefined> {
    const row = await db
      .selectFrom("auth_organization")
      .select(["id", "name", "slug", "requireTwoFactor"])
      .where("id", "=", workspaceId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      requireTwoFactor: Boolean(row.requireTwoFactor),
      keys: await keys.list(workspaceId),
    };
  }

  return {
    async resolve(headers) {
      if (!auth) throw new Error("the actor resolver is not bound to better-auth yet");
      // The name better-auth gives its cookie (`__Secure-` when Backroom is served over HTTPS), and reads only.
      cookieName ??= (await auth.$context).authCookies.sessionToken.name;
      const cookie = sessionCookieOf(headers, cookieName);
      if (!cookie) return undefined;
      const { token } = cookie;
      const signed = sha(cookie.value);
      let part = await through(names.session(token), () => readSession(headers, signed));
      // A copy answers only the very cookie better-auth verified: the same token with another signature (a forged one)
      // is verified afresh, and refused.
      if (part && part.signed !== signed) part = await readSession(headers, signed);
      if (!part) return undefined;
      // The absolute lifetime: ended, on every instance, however recently used.
      if (Date.parse(part.createdAt) + options.maxAgeMs <= now()) {
        const context = await auth!.$context;
        await context.internalAdapter.deleteSession(token);
        await copies.changed([names.session(token)]);
        return undefined;
      }
      const actor: Actor = {
        person: part.person,
        session: { id: part.sessionId, createdAt: part.createdAt },
        needsTwoFactor: false,
        ...(part.visitor ? { visitor: part.visitor } : {}),
      };
      if (!part.workspaceId) return actor;
      const [membership, workspace] = await Promise.all([
        through(names.membership(part.workspaceId, part.person.id), () =>
          readMembership(part.workspaceId!, part.person.id),
        ),
        through(names.workspace(part.workspaceId), () => readWorkspace(part.workspaceId!)),
      ]);
      if (!membership || !workspace) return actor;
      const needsTwoFactor = workspace.requireTwoFactor && !part.person.twoFactorEnabled;
      const keyName = names.key(workspace.id, part.person.id);
      let key = needsTwoFactor ? undefined : await through(keyName, () => keys.active(workspace.id, part.person.id));
      // A copy of a key the workspace no longer holds (removed while the member worked with it as the workspace's
      // oldest, which no change names for them) is read again: the workspace's copy is the one a removal drops.
      if (key && !workspace.keys.some((k) => k.id === key!.id)) {
        copies.drop([keyName]);
        key = await through(keyName, () => keys.active(workspace.id, part.person.id));
      }
      // Copies of the copies: the caller may change what it is given.
      return {
        ...actor,
        workspace: { ...workspace, keys: [...workspace.keys] },
        membership: { ...membership },
        needsTwoFactor,
        ...(key ? { key: { ...key } } : {}),
      };
    },
    events: {
      sessionChanged: (token) => copies.changed([names.session(token)]),
      membershipChanged: async ({ workspaceId, userId }) =>
        copies.changed([names.membership(workspaceId, userId), names.key(workspaceId, userId)]),
      workspaceChanged: (workspaceId) => copies.changed([names.workspace(workspaceId)]),
    },
    async workspaceChanged(workspaceId, membersWhoseKeyChanged = []) {
      await copies.changed([
        names.workspace(workspaceId),
        ...membersWhoseKeyChanged.map((userId) => names.key(workspaceId, userId)),
      ]);
    },
    async keyChosen(workspaceId, userId) {
      await copies.changed([names.key(workspaceId, userId)]);
    },
    bind(bound) {
      auth = bound;
    },
  };
}
