import "server-only";
import type { NotesJson, NotesOf } from "@/lib/domain/notes/note-rules";
import { currentSession } from "../core/current-session";
import { type ActorOf, refusalFor } from "../core/define-route";
import { RouteError } from "../core/route-errors";
import type { SessionDeps } from "../core/session-api";
import { loadNotes, type NotesDeps } from "./notes-api";

type PageDeps = NotesDeps & Pick<SessionDeps, "actors" | "db" | "isSandbox" | "rateLimits" | "mailDelivers">;

/**
 * The notes a page shows, read on the server while it renders (the customer page; a Today page's cards), so they are in
 * its first paint and nothing moves when they come: `GET /api/notes`'s answer (`loadNotes`), for whoever is signed in.
 * Undefined where the route would refuse (no session, no key, a Customer key's other store): the browser asks then,
 * and shows why.
 *
 * @example
 * const notes = await pageNotes(backend, { customerId: 20001 });
 */
export async function pageNotes(getDeps: () => Promise<PageDeps>, of: NotesOf): Promise<NotesJson | undefined> {
  const session = await currentSession(getDeps);
  if (!session || refusalFor(session.actor, "key")) return undefined;
  const actor = session.actor as ActorOf["key"];
  const customerIds = "customerId" in of ? [of.customerId] : of.customerIds;
  try {
    return await loadNotes(actor, await getDeps(), {
      customerIds,
      latest: "customerId" in of ? undefined : of.latest,
    });
  } catch (error) {
    if (error instanceof RouteError) return undefined;
    throw error;
  }
}
