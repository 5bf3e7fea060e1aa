import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type { Notifier } from "../core/notify/notifier";
import type { ProxyDeps } from "../core/proxy";
import { createDisputeStore } from "./disputes-store";
import type { PhotoStore } from "../core/photos/photo-store";

/** What the disputes' routes are handed (the backend's services they use). */
export interface DisputeDeps extends ProxyDeps {
  db: Kysely<BackroomDatabase>;
  notifier: Notifier;
  now?: () => number;
  /** The feature's own services (`feature.ts`): where photos are kept, and a dispute read asks for its match. */
  disputes: {
    photos: PhotoStore;
    viewed?(workspaceId: string, matchedAt: string | null): Promise<void>;
  };
}

/** A dispute's id is a UUID: a longer one is no dispute's (and is not looked up). */
export const MAX_ID_LENGTH = 200;

/** Who raises, replies to, acknowledges and closes disputes: every role but viewers (they read). */
export const WRITE = { notes: ["write"] } as const;

export const storeOf = (deps: Pick<DisputeDeps, "db" | "now">) =>
  createDisputeStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
