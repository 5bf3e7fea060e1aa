import "server-only";
import { createHmac } from "node:crypto";
import * as z from "zod";
import { createDataApiClient } from "@/lib/data-api/client";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import {
  AddKey,
  DemoSignIn,
  HISTORY_SCOPES,
  type HistoryScope,
  type SessionKey,
  type SessionView,
  type UpdateKey,
  type WorkspaceChoice,
} from "@/lib/session/session-view";
import type { Actor, ActorResolver } from "./auth/actor";
import type { Auth } from "./auth/auth";
import { demoEmail, isDemoPerson } from "./auth/demo";
import { randomSuffix } from "@/lib/session/workspace-slug";
import type { WorkspaceKeyStore } from "./auth/workspace-keys";
import type { AuditTrail } from "./audit/audit-trail";
import { actorOf } from "./audit/write-audit";
import { clientAddress, type ConnectThrottle, type ThrottleWait } from "./connect-throttle";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import type { Environment } from "./env";
import { KeyRejected, probeKey } from "./key-probe";
import type { Upstream } from "./proxy";
import { fetchWithin } from "./proxy/upstream";
import type { RateLimitBook } from "./rate-limit-book";
import type { RequestLog } from "./request-log";
import type { ResponseCache } from "./response-cache";
import { failureAnswer, NO_STORE } from "./route-errors";
import { isSameOrigin } from "./same-origin";
import type { KeyHandle, StoredKeyInfo } from "./session";
import { withActor } from "./with-actor";
import type { Kysely } from "kysely";

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

/** A small JSON body (4 KiB is plenty for a key), or undefined when it is not JSON. */
async function smallJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await readBodyText(request, 4096)) as unknown;
  } catch {
    return undefined;
  }
}
const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...Object.fromEntries(new Headers(headers)) } });

/** Each key as the pages see it (never the key nor its fingerprint), with its last rate-limit figures. */
async function keysJson(
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

/** What the shared stores hold of keys that are gone: their cached answers, rate-limit figures and request log. */
async function forgetKeys(keys: readonly KeyHandle[], deps: SessionDeps): Promise<void> {
  await Promise.all(
    keys.flatMap((key) => [
      deps.cache?.forgetKey(key.fingerprint),
      deps.rateLimits.forget(key.fingerprint).catch(() => undefined),
      deps.requestLog?.forget(key.id).catch(() => undefined),
    ]),
  );
}

/** 429 in the API's error shape, with `Retry-After`: too many refused keys from this address, or from everywhere. */
function tooManyAttempts(wait: ThrottleWait): Response {
  const detail =
    wait.scope === "global"
      ? `Too many keys were refused in the last minute, from everywhere: Backroom checks no key for a moment. Try again in ${wait.seconds} seconds.`
      : `Too many keys were refused from your address. Try again in ${wait.seconds} seconds.`;
  return json({ Error: { code: "TOO_MANY_ATTEMPTS", detail, retryAfterSeconds: wait.seconds } }, 429, {
    "Retry-After": String(wait.seconds),
  });
}

// GET /api/session: who is signed in, the workspace they work in and their role, its keys and the one they work with,
// their other workspaces (401 NOT_SIGNED_IN without a session, with-actor.ts).
export const describe = withActor(
  "signed-in",
  undefined,
  async (_request: Request, actor, deps: SessionDeps): Promise<Response> => json(await sessionView(actor, deps)),
);

const ChooseKey = z.strictObject({ activeKeyId: z.string().min(1).max(100) });

// PATCH /api/session {activeKeyId}: work with another key of the workspace from now on, in every session of the person.
export const chooseKey = withActor(
  "workspace",
  undefined,
  async (request: Request, actor, deps: SessionDeps): Promise<Response> => {
    const parsed = ChooseKey.safeParse(await smallJson(request));
    if (!parsed.success) return json(validationErrorBody(parsed.error), 400);
    if (!(await deps.keys.setActive(actor.workspace.id, actor.person.id, parsed.data.activeKeyId)))
      return failureAnswer("no-such-key");
    await deps.actors.keyChosen(actor.workspace.id, actor.person.id);
    const again = await deps.actors.resolve(request.headers);
    return again ? json(await sessionView(again, deps)) : failureAnswer("not-signed-in");
  },
);

// GET /api/keys: the workspace's keys (every member: the header's switcher lists them), never a key itself.
export const listKeys = withActor(
  "workspace",
  undefined,
  async (_request: Request, actor, deps: SessionDeps): Promise<Response> =>
    json({ keys: await keysJson(actor.workspace.keys, deps) }),
);

/**
 * Checks a key with the Data API (`key-probe.ts`: its type and scope), as the pages' proxy would call it. A refused key
 * counts against the address (the sign-in throttle's limiter), and is recorded.
 */
async function checkedKey(
  request: Request,
  actor: Actor,
  apiKey: string,
  environment: Environment,
  deps: SessionDeps,
  guessable: boolean,
): Promise<{ probed: Awaited<ReturnType<typeof probeKey>> } | { refused: Response }> {
  const address = clientAddress(request);
  if (guessable) {
    const wait = await deps.throttle.check(address);
    if (wait) return { refused: tooManyAttempts(wait) };
  }
  const upstream = await deps.upstream(environment, request);
  try {
    // Each read of the probe gets the proxy's timeout: a hung API must not hang the form.
    const probed = await probeKey(
      createDataApiClient({ baseUrl: upstream.v1Base, apiKey, fetch: fetchWithin(upstream.fetch, deps.timeoutMs) }),
    );
    if (guessable) await deps.throttle.succeeded(address);
    return { probed };
  } catch (error) {
    if (!(error instanceof KeyRejected)) throw error;
    if (error.status !== 401)
      return { refused: json({ Error: { code: "KEY_CHECK_FAILED", detail: error.message } }, 502) };
    // Only a refused key counts against the address: an API that could not check it (502) is nobody's guess.
    const wait = guessable ? await deps.throttle.failed(address) : undefined;
    await deps.audit.record({
      event: "key-added",
      actor: { ...actorOf(request, actor, undefined), environment },
      result: "refused",
      upstreamStatus: 401,
      answer: { errorCode: "KEY_REJECTED" },
    });
    const detail = wait
      ? `${error.message} Too many keys were refused from your address: try again in ${wait.seconds} seconds.`
      : error.message;
    return {
      refused: json(
        { Error: { code: "KEY_REJECTED", detail, ...(wait ? { retryAfterSeconds: wait.seconds } : {}) } },
        401,
        wait ? { "Retry-After": String(wait.seconds) } : {},
      ),
    };
  }
}

/**
 * The demo distributor staff person is linked to the sandbox's sales rep with the most active accounts (the most
 * customers in `/salesReps`, which lists active ones only; the lowest UserID among equals), so that "Try the demo"
 * opens a full Today and "My accounts" (issue 38). Once: a link there stays (the demo's members are fixed), and a
 * failed read leaves the person unlinked, as any member starts, rather than failing the sign-in.
 */
async function linkDemoRep(
  request: Request,
  workspaceId: string,
  apiKey: string,
  environment: Environment,
  deps: SessionDeps,
): Promise<void> {
  const db = deps.db.withTables<AuthTables>();
  const members = await db
    .selectFrom("auth_member")
    .select(["id", "userId", "salesRepUserId"])
    .where("organizationId", "=", workspaceId)
    .execute();
  const member = members.find((m) => m.salesRepUserId == null);
  if (!member || members.length !== 1) return;
  const upstream = await deps.upstream(environment, request);
  const send = fetchWithin(upstream.fetch, deps.timeoutMs);
  const reps = await createDataApiClient({ baseUrl: upstream.v1Base, apiKey, fetch: send })
    .listSalesReps({ query: { PageSize: 500 } })
    .then((answer) => answer.records)
    .catch(() => []);
  let best: { id: number; accounts: number } | undefined;
  for (const rep of reps) {
    const accounts = rep.Customers?.length ?? 0;
    if (rep.UserID == null || accounts === 0) continue;
    if (!best || accounts > best.accounts || (accounts === best.accounts && rep.UserID < best.id))
      best = { id: rep.UserID, accounts };
  }
  if (!best) return;
  await db
    .updateTable("auth_member")
    .set({ salesRepUserId: best.id })
    .where("id", "=", member.id)
    .where("salesRepUserId", "is", null)
    .execute();
  await deps.actors.events.membershipChanged({ workspaceId, userId: member.userId, kind: "role" });
}

// POST /api/keys {apiKey, environment, label?}: owners and admins add a key to the workspace, once, for everyone in it.
// Backroom checks it with the Data API first (its type and scope), and keeps it encrypted; it never shows it again.
export const addKey = withActor(
  "workspace",
  { keys: ["manage"] },
  async (request: Request, actor, deps: SessionDeps): Promise<Response> => {
    const parsed = AddKey.safeParse(await smallJson(request));
    if (!parsed.success)
      return json(validationErrorBody(parsed.error, "Enter an API key and choose an environment."), 400);
    const { apiKey, environment, label } = parsed.data;
    const checked = await checkedKey(request, actor, apiKey, environment, deps, true);
    if ("refused" in checked) return checked.refused;
    const { key, added } = await deps.keys.add(actor.workspace.id, actor.person.id, {
      apiKey,
      environment,
      ...checked.probed,
      label: label || checked.probed.label,
    });
    await deps.actors.workspaceChanged(actor.workspace.id);
    if (added)
      await deps.audit.record({
        event: "key-added",
        actor: actorOf(request, actor, key),
        result: "done",
        upstreamStatus: 200,
      });
    const [shown] = await keysJson([key], deps);
    return json(shown, added ? 201 : 200);
  },
);

// DELETE /api/keys/{keyId}: owners and admins remove a key; its stored copy, cached answers and request log go at once.
export const removeKey = withActor(
  "workspace",
  { keys: ["manage"] },
  async (request: Request, actor, keyId: string, deps: SessionDeps): Promise<Response> => {
    const held = actor.workspace.keys.find((k) => k.id === keyId);
    const removed = held ? await deps.keys.remove(actor.workspace.id, keyId) : undefined;
    if (!held || !removed) return failureAnswer("no-such-key");
    await deps.actors.workspaceChanged(actor.workspace.id, removed.activeFor);
    await deps.audit.record({ event: "key-removed", actor: actorOf(request, actor, held), result: "done" });
    await forgetKeys([removed.key], deps);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/**
 * What the key endpoint asks of whatever keeps a key's history (the insights' sync, `lib/server/insights/`): its own
 * words, so the core names no feature; the backend hands the sync, which has this method.
 */
export interface HistoryScopes {
  /** Sets an Employee key's scope; true when it changed (its history is then forgotten and walked again). */
  setScope(workspaceId: string, keyId: string, scope: HistoryScope): Promise<boolean>;
}

const UpdateKeyBody: z.ZodType<UpdateKey> = z.strictObject({
  historyScope: z.enum(HISTORY_SCOPES, { error: "Choose the linked reps' accounts or the whole distributor" }),
});

// PATCH /api/keys/{keyId} {historyScope}: owners and admins choose what an Employee key's insights history covers, the
// accounts of the reps the workspace's members are linked to or the whole distributor's (a backfill of some hundreds of
// requests, within the background's share of the key's hours). A change deletes the key's history and starts the new
// walk; the same choice again changes nothing (a double click is one change). Recorded in the audit trail.
export const updateKey = withActor(
  "workspace",
  { keys: ["manage"] },
  async (request: Request, actor, keyId: string, deps: SessionDeps & { history: HistoryScopes }): Promise<Response> => {
    const held = actor.workspace.keys.find((k) => k.id === keyId);
    if (!held) return failureAnswer("no-such-key");
    const parsed = UpdateKeyBody.safeParse(await smallJson(request));
    if (!parsed.success)
      return json(
        validationErrorBody(parsed.error, `Send {"historyScope": "linked-reps"} or {"historyScope": "distributor"}.`),
        400,
      );
    if (held.keyType !== "Employee") return failureAnswer("no-history-scope");
    const { historyScope } = parsed.data;
    if (await deps.history.setScope(actor.workspace.id, keyId, historyScope)) {
      await deps.actors.workspaceChanged(actor.workspace.id);
      await deps.audit.record({
        event: "history-scope-changed",
        actor: actorOf(request, actor, held),
        result: "done",
        reference: { historyScope },
      });
    }
    const [shown] = await keysJson([{ ...held, historyScope }], deps);
    return json(shown);
  },
);

/** The demo people of the sandbox, one per kind, each the owner of a workspace holding the sandbox's demo key. */
const DEMO = {
  Customer: { name: "Demo retailer", workspace: "Valley Cannabis (demo)" },
  Supplier: { name: "Demo brand", workspace: "Demo brand (demo)" },
  Employee: { name: "Demo distributor staff", workspace: "Distributor staff (demo)" },
} as const;

// POST /api/demo {as, environment}: the sandbox's "Try the demo": signs into the demo person of that kind (made on first
// use: an account, the owner of a demo workspace holding the sandbox's demo key), and answers the session with its
// cookie. Only where the sandbox serves the environment (400 NO_DEMO otherwise). Never a key in the page.
export async function demoSignIn(request: Request, deps: SessionDeps): Promise<Response> {
  if (request.method !== "POST") return failureAnswer("not-found");
  // Checked here, as withActor checks every other handler's writes: nobody is signed in yet to wrap it around.
  if (!isSameOrigin(request)) return failureAnswer("cross-site");
  const parsed = DemoSignIn.safeParse(await smallJson(request));
  if (!parsed.success) return json(validationErrorBody(parsed.error), 400);
  const { as, environment } = parsed.data;
  const apiKey = deps.demoKey(environment, as);
  if (!apiKey)
    return json(
      {
        Error: {
          code: "NO_DEMO",
          detail: `The ${environment} environment is the real Data API: sign in with your own account.`,
        },
      },
      400,
    );
  const email = demoEmail(as, environment);
  // Derived, never stored: the demo person's password is the server's to know.
  const password = createHmac("sha256", deps.secret).update(`backroom demo person ${email}`).digest("base64url");
  // As the person's browser would ask better-auth: its address settled from Host (without PUBLIC_URL), its origin ours.
  const url = new URL(request.url);
  const headers = new Headers({
    host: request.headers.get("host") ?? url.host,
    origin: url.origin,
    "x-forwarded-for": clientAddress(request),
  });
  for (const name of ["x-forwarded-host", "x-forwarded-proto"])
    if (request.headers.has(name)) headers.set(name, request.headers.get(name)!);
  // First use: the person is made before anyone signs in as them, so that the first sign-in is a sign-in and not a
  // failed one (which the audit trail would show every member of the demo workspace, and which would count against
  // the address). Two at once: the second finds the first's, and waits for its password (a few milliseconds).
  const context = await deps.auth.$context;
  const passwordSet = async () =>
    ((await context.internalAdapter.findUserByEmail(email, { includeAccounts: true }))?.accounts ?? []).some(
      (a) => a.providerId === "credential" && a.password,
    );
  if (!(await passwordSet())) {
    // Its address taken as proved: it is ours, `.invalid`, and no mail could reach it (where mail goes out, sign-up
    // would wait for a confirmation).
    const hashed = await context.password.hash(password);
    const made = await context.internalAdapter
      .createUser({ email, name: DEMO[as].name, emailVerified: true }, { method: "admin" })
      .catch(() => undefined);
    if (made)
      await context.internalAdapter.linkAccount({
        userId: made.id,
        providerId: "credential",
        accountId: made.id,
        password: hashed,
      });
    for (let attempt = 0; !made && attempt < 40 && !(await passwordSet()); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const signedIn = await deps.auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
  if (!signedIn.ok)
    return json({ Error: { code: "DEMO_FAILED", detail: "The demo person could not be signed in." } }, 500);
  const cookies = signedIn.headers.getSetCookie();
  const asPerson = new Headers({
    ...Object.fromEntries(headers),
    cookie: cookies.map((c) => c.split(";")[0]).join("; "),
  });
  // The demo person's own workspace, found by their membership: its slug is the demo's (no one else is given one:
  // `workspaceSlug`), or, where a database made before that has the slug taken by someone else's, the demo's with a
  // suffix.
  const slug = `demo-${as.toLowerCase()}-${environment}`;
  const ours = async () =>
    (await deps.auth.api.listOrganizations({ headers: asPerson })).find(
      (o) => o.slug === slug || o.slug.startsWith(`${slug}-`),
    );
  const create = (withSlug: string) =>
    deps.auth.api
      .createOrganization({ body: { name: DEMO[as].workspace, slug: withSlug }, headers: asPerson })
      .catch(() => undefined);
  // Two first visitors at once: the second's creation fails, and it finds the first's.
  const workspace =
    (await ours()) ??
    (await create(slug)) ??
    (await ours()) ??
    (await create(`${slug}-${randomSuffix()}`)) ??
    (await ours());
  if (!workspace) return json({ Error: { code: "DEMO_FAILED", detail: "The demo workspace could not be made." } }, 500);
  if ((await deps.keys.list(workspace.id)).length === 0) {
    const actor = await deps.actors.resolve(asPerson);
    const checked = await checkedKey(request, actor!, apiKey, environment, deps, false);
    if ("refused" in checked) return checked.refused;
    await deps.keys.add(workspace.id, actor!.person.id, { apiKey, environment, ...checked.probed });
    await deps.actors.workspaceChanged(workspace.id);
  }
  await deps.auth.api.setActiveOrganization({ body: { organizationId: workspace.id }, headers: asPerson });
  if (as === "Employee") await linkDemoRep(request, workspace.id, apiKey, environment, deps);
  const actor = await deps.actors.resolve(asPerson);
  if (!actor) return json({ Error: { code: "DEMO_FAILED", detail: "The demo person's session ended at once." } }, 500);
  const answer = json(await sessionView(actor, deps));
  for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
  return answer;
}
