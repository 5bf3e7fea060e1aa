import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";

/**
 * The shared demo's visitors. Everyone who tries the demo signs in as the same person (`demo.ts`), so Backroom tells
 * its visitors apart by browser: "Try the demo" gives the browser a visitor id (a cookie of 32 random bytes, kept a
 * day) and records which visitor each of the demo person's sessions belongs to (`demo_visits`, by the id's SHA-256:
 * the database holds no cookie). A visitor's own records (saved views, visit notes, menu links, the books' mapping and
 * ledger, reorder lists) are kept under the visitor (`recordOwner`), so no visitor sees or changes another's, and the
 * same browser trying the retailer, then the staff, is one visitor.
 */

/** The cookie holding the browser's visitor id. */
export const DEMO_VISITOR_COOKIE = "backroom.demo_visitor";
const VISITOR_ID = /^[A-Za-z0-9_-]{43}$/;
/** How long a browser stays the same visitor, and its records its own (the demo's menus last no longer either). */
export const DEMO_VISITOR_SECONDS = 24 * 60 * 60;
/** Visits are forgotten this long after they began: longer than any session lasts (`SESSION_MAX_DAYS`, at most 30). */
const VISIT_KEPT_MS = 31 * 24 * 60 * 60 * 1000;
/** Between a workspace's id and a visitor's in a record owner (better-auth's ids never hold a slash). */
const SEPARATOR = "/visitor/";

const sha = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * The visitor id the browser brings in its cookie, if it is one; otherwise a new one, for the answer to set.
 *
 * @example
 * const { id } = browserVisitor(request);
 * answer.headers.append("Set-Cookie", visitorCookie(id, isHttps(request))); // another day from now
 */
export function browserVisitor(request: Request): { id: string; isNew: boolean } {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === DEMO_VISITOR_COOKIE) {
      const value = pair.slice(eq + 1).trim();
      if (VISITOR_ID.test(value)) return { id: value, isNew: false };
    }
  }
  return { id: randomBytes(32).toString("base64url"), isNew: true };
}

/** The Set-Cookie header keeping a visitor id in the browser for a day: scripts cannot read it. */
export function visitorCookie(id: string, secure: boolean): string {
  return `${DEMO_VISITOR_COOKIE}=${id}; Path=/; Max-Age=${DEMO_VISITOR_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Records that a session of the demo person belongs to this browser's visitor (by the id's hash), and forgets visits
 * older than any session.
 */
export async function keepVisit(db: Kysely<BackroomDatabase>, sessionId: string, visitorId: string, now: Date) {
  const visitor = sha(visitorId);
  await db
    .insertInto("demo_visits")
    .values({ session_id: sessionId, visitor, started_at: now.toISOString() })
    .onConflict((oc) => oc.column("session_id").doUpdateSet({ visitor }))
    .execute();
  await db
    .deleteFrom("demo_visits")
    .where("started_at", "<", new Date(now.getTime() - VISIT_KEPT_MS).toISOString())
    .execute();
}

/**
 * The visitor a session of the demo person belongs to: the one recorded at its sign-in, else the session's own (a
 * session without a record is a visitor of its own, alone).
 */
export async function visitorOfSession(db: Kysely<BackroomDatabase>, sessionId: string): Promise<string> {
  const row = await db
    .selectFrom("demo_visits")
    .select("visitor")
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return row?.visitor ?? sha(`session ${sessionId}`);
}

/**
 * Whose records a request reads and writes: the workspace's, or, for a visitor of the shared demo, that visitor's part
 * of the demo's workspace. Every feature keeps its own records (views, notes, menus, the books' mapping and ledger,
 * reorder lists) under this, where it would otherwise keep them under the workspace's id.
 *
 * @example
 * recordOwner({ workspace: { id: "w1" } }); // "w1"
 * recordOwner({ workspace: { id: "w1" }, visitor: "v9" }); // "w1/visitor/v9"
 */
export function recordOwner(actor: { workspace: { id: string }; visitor?: string }): string {
  return actor.visitor ? `${actor.workspace.id}${SEPARATOR}${actor.visitor}` : actor.workspace.id;
}

/** The workspace of a record owner (`recordOwner`): where its key is. */
export function workspaceOfOwner(owner: string): string {
  const at = owner.indexOf(SEPARATOR);
  return at < 0 ? owner : owner.slice(0, at);
}

/** Whether a record owner is a demo visitor's (a menu link of the demo says so on its public page). */
export function isVisitorOwner(owner: string): boolean {
  return owner.includes(SEPARATOR);
}
