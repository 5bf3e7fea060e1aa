import "server-only";
import { createHmac } from "node:crypto";
import { createDataApiClient } from "@/lib/data-api/client";
import { DemoSignIn } from "@/lib/session/session-view";
import { randomSuffix } from "@/lib/session/workspace-slug";
import { demoEmail } from "./auth/demo";
import { browserVisitor, keepVisit, visitorCookie } from "./auth/demo-visitor";
import { clientAddress } from "./connect-throttle";
import type { AuthTables } from "./db/schema";
import { defineRoute } from "./define-route";
import { refusal } from "./route-errors";
import type { Environment } from "./env";
import { checkedKey } from "./keys-api";
import { fetchWithin } from "./proxy/upstream";
import { isHttps } from "./public-origin";
import { NO_STORE } from "./route-errors";
import { type SessionDeps, SessionViewAnswer, sessionView } from "./session-api";

/**
 * The demo distributor staff person is linked to the sandbox's sales rep with the most active accounts (the most
 * customers in `/salesReps`, which lists active ones only; the lowest UserID among equals), so that "Try the demo"
 * opens a full Today and "My accounts". Once: a link there stays (the demo's members are fixed), and a
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

/** The demo people of the sandbox, one per kind, each the owner of a workspace holding the sandbox's demo key. */
const DEMO = {
  Customer: { name: "Demo retailer", workspace: "Valley Cannabis (demo)" },
  Supplier: { name: "Demo brand", workspace: "Demo brand (demo)" },
  Employee: { name: "Demo distributor staff", workspace: "Distributor staff (demo)" },
} as const;

type DemoKind = keyof typeof DEMO;

/**
 * The demo person of a kind, made on first use before anyone signs in as them (so the first sign-in is a sign-in and
 * not a failed one, which the trail would show and the address would count), and signed in: their session's cookies.
 * Two first visitors at once: the second finds the first's, and waits for its password (a few milliseconds). A person
 * who holds the demo's address but not its password (an account someone made with it before the address was
 * reserved, or one that turned on two factors) is taken back first (`reclaim`).
 */
async function signInDemoPerson(as: DemoKind, environment: Environment, headers: Headers, deps: SessionDeps) {
  const email = demoEmail(as, environment);
  // Derived, never stored: the demo person's password is the server's to know.
  const password = createHmac("sha256", deps.secret).update(`backroom demo person ${email}`).digest("base64url");
  const context = await deps.auth.$context;
  const found = () => context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const passwordSet = async () =>
    ((await found())?.accounts ?? []).some((a) => a.providerId === "credential" && a.password);
  if (!(await passwordSet())) {
    // Its address taken as proved: it is ours, `.invalid`, and no mail could reach it (where mail goes out, sign-up
    // would wait for a confirmation).
    const made = await context.internalAdapter
      .createUser({ email, name: DEMO[as].name, emailVerified: true }, { method: "admin" })
      .catch(() => undefined);
    if (made)
      await context.internalAdapter.linkAccount({
        userId: made.id,
        providerId: "credential",
        accountId: made.id,
        password: await context.password.hash(password),
      });
    for (let attempt = 0; !made && attempt < 40 && !(await passwordSet()); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const signIn = () => deps.auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
  // Signed in: a session, not a wrong password nor a second step to take.
  const inSession = async (answer: Response) =>
    answer.ok && !((await answer.clone().json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect;
  let signedIn = await signIn();
  if (!(await inSession(signedIn))) {
    const person = (await found())?.user;
    if (person) await reclaim(person.id, DEMO[as].name, password, deps);
    signedIn = await signIn();
  }
  if (!(await inSession(signedIn))) throw refusal("DEMO_FAILED", "The demo person could not be signed in.", 500);
  return signedIn.headers.getSetCookie();
}

/**
 * Makes the account holding a demo address the demo's again: its name, the demo's password, no second factor, passkey
 * or other way in, and every session ended (whoever held the address signs in as nobody but a visitor now). The address
 * is `.invalid`: nobody could have proved it theirs.
 */
async function reclaim(userId: string, name: string, password: string, deps: SessionDeps) {
  const context = await deps.auth.$context;
  const hashed = await context.password.hash(password);
  await context.internalAdapter.updateUser(userId, { name, emailVerified: true, twoFactorEnabled: false });
  for (const model of ["twoFactor", "passkey"])
    await context.adapter.deleteMany({ model, where: [{ field: "userId", value: userId }] });
  const accounts = await context.internalAdapter.findAccounts(userId);
  for (const account of accounts)
    if (account.providerId !== "credential") await context.internalAdapter.deleteAccount(account.id);
  if (accounts.some((a) => a.providerId === "credential")) await context.internalAdapter.updatePassword(userId, hashed);
  else
    await context.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: hashed,
    });
  const sessions = await deps.db
    .withTables<AuthTables>()
    .selectFrom("auth_session")
    .select("token")
    .where("userId", "=", userId)
    .execute();
  if (sessions.length) await context.internalAdapter.deleteSessions(sessions.map((s) => s.token));
  for (const { token } of sessions) await deps.actors.events.sessionChanged(token);
}

/**
 * Keeps the demo person to the demo: out of every workspace but their own demo one (where someone pulled them in before
 * their address was reserved), and no invitation to them left pending. Every instance hears of a membership removed.
 */
async function keepToTheDemo(email: string, userId: string, workspaceId: string, deps: SessionDeps) {
  const db = deps.db.withTables<AuthTables>();
  const elsewhere = await db
    .selectFrom("auth_member")
    .select(["id", "organizationId"])
    .where("userId", "=", userId)
    .where("organizationId", "!=", workspaceId)
    .execute();
  if (elsewhere.length) {
    await db
      .deleteFrom("auth_member")
      .where(
        "id",
        "in",
        elsewhere.map((m) => m.id),
      )
      .execute();
    for (const member of elsewhere)
      await deps.actors.events.membershipChanged({ workspaceId: member.organizationId, userId, kind: "removed" });
  }
  await db
    .updateTable("auth_invitation")
    .set({ status: "canceled" })
    .where("email", "=", email)
    .where("status", "=", "pending")
    .execute();
}

/**
 * The demo person's own workspace, found by their membership: its slug is the demo's (no one else is given one:
 * `workspaceSlug`), or, where a database made before that has the slug taken by someone else's, the demo's with a
 * suffix. Two first visitors at once: the second's creation fails, and it finds the first's.
 */
async function demoWorkspace(as: DemoKind, environment: Environment, asPerson: Headers, deps: SessionDeps) {
  const slug = `demo-${as.toLowerCase()}-${environment}`;
  const ours = async () =>
    (await deps.auth.api.listOrganizations({ headers: asPerson })).find(
      (o) => o.slug === slug || o.slug.startsWith(`${slug}-`),
    );
  const create = (withSlug: string) =>
    deps.auth.api
      .createOrganization({ body: { name: DEMO[as].workspace, slug: withSlug }, headers: asPerson })
      .catch(() => undefined);
  const workspace =
    (await ours()) ??
    (await create(slug)) ??
    (await ours()) ??
    (await create(`${slug}-${randomSuffix()}`)) ??
    (await ours());
  if (!workspace) throw refusal("DEMO_FAILED", "The demo workspace could not be made.", 500);
  return workspace;
}

export const demoSignIn = defineRoute(
  {
    method: "POST",
    path: "/api/demo",
    summary: 'The sandbox\'s "Try the demo": signs into the demo person of a kind, and answers their session.',
    description: [
      "`as`: a retailer (`Customer`), a brand (`Supplier`) or distributor staff (`Employee`). The demo person of that",
      "kind and environment is made on first use: an account, the owner of a demo workspace holding the sandbox's demo",
      "key of that kind (never a key in the page); the distributor staff person is linked to the sandbox's sales rep",
      "with the most active accounts. Every visitor signs in as the same person, so its account, keys and members stay",
      "as they are; each browser is a visitor of its own, whose requests and records are its own. Answers the session as",
      "`GET /api/session` does, with its cookies (`Set-Cookie`: the session's and the visitor's).",
      "",
      "- 400 `NO_DEMO`: the environment is the real Data API, not the sandbox: sign in with your own account.",
      "- 500 `DEMO_FAILED`: the demo person or workspace could not be made or signed in.",
    ].join("\n"),
    answer: SessionViewAnswer,
    need: "anyone",
    body: DemoSignIn,
    maxBodyBytes: 4096,
  },
  async ({ request, body }, deps: SessionDeps) => {
    const { as, environment } = body;
    const apiKey = deps.demoKey(environment, as);
    if (!apiKey)
      throw refusal(
        "NO_DEMO",
        `The ${environment} environment is the real Data API: sign in with your own account.`,
        400,
      );
    // As the person's browser would ask better-auth: its address settled from Host (without PUBLIC_URL), its origin ours.
    const url = new URL(request.url);
    const headers = new Headers({
      host: request.headers.get("host") ?? url.host,
      origin: url.origin,
      "x-forwarded-for": clientAddress(request),
    });
    for (const name of ["x-forwarded-host", "x-forwarded-proto"])
      if (request.headers.has(name)) headers.set(name, request.headers.get(name)!);
    const cookies = await signInDemoPerson(as, environment, headers, deps);
    const asPerson = new Headers({
      ...Object.fromEntries(headers),
      cookie: cookies.map((c) => c.split(";")[0]).join("; "),
    });
    const session = await deps.auth.api.getSession({ headers: asPerson });
    if (!session) throw refusal("DEMO_FAILED", "The demo person's session ended at once.", 500);
    // Before anything reads this session as an actor: its visitor is part of who is asking.
    const visitor = browserVisitor(request);
    await keepVisit(deps.db, session.session.id, visitor.id, new Date());
    const workspace = await demoWorkspace(as, environment, asPerson, deps);
    await keepToTheDemo(session.user.email, session.user.id, workspace.id, deps);
    if ((await deps.keys.list(workspace.id)).length === 0) {
      const actor = await deps.actors.resolve(asPerson);
      const probed = await checkedKey(request, actor!, apiKey, environment, deps, false);
      await deps.keys.add(workspace.id, actor!.person.id, { apiKey, environment, ...probed });
      await deps.actors.workspaceChanged(workspace.id);
    }
    await deps.auth.api.setActiveOrganization({ body: { organizationId: workspace.id }, headers: asPerson });
    if (as === "Employee") await linkDemoRep(request, workspace.id, apiKey, environment, deps);
    const actor = await deps.actors.resolve(asPerson);
    if (!actor) throw refusal("DEMO_FAILED", "The demo person's session ended at once.", 500);
    const answer = Response.json(await sessionView(actor, deps), { headers: NO_STORE });
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    answer.headers.append("Set-Cookie", visitorCookie(visitor.id, isHttps(request)));
    return answer;
  },
);
