import "server-only";
import type { Kysely } from "kysely";
import type { AuditTrail } from "../core/audit/audit-trail";
import type { Mailer } from "../core/auth/mailer";
import type { BackroomDatabase } from "../core/db/schema";
import type { Notifier } from "../core/notify/notifier";
import type { ProxyDeps } from "../core/proxy";
import { createOrderListStore } from "./order-lists-store";

/** What the reorder lists' routes are handed (the backend's services they use), and what they share. */

export interface OrderListDeps extends ProxyDeps {
  db: Kysely<BackroomDatabase>;
  audit: AuditTrail;
  mailer: Mailer;
  notifier: Notifier;
  now?: () => number;
  /**
   * The order guide's own services (`feature.ts`): a list's page was read, so its maker's lists are matched soon when
   * their last match is older than `ORDER_LIST_MATCH_ON_VIEW_SECONDS`. Absent in some tests.
   */
  orderGuide?: { viewed(workspaceId: string, matchedAt: string | null): Promise<void> };
}

/** A list's id is a UUID: a longer one is no list's (and is not looked up). */
export const MAX_ID_LENGTH = 200;

/** Who sends lists, and withdraws them: owners, admins and purchasing. */
export const SEND = { purchases: ["write"] } as const;

export const storeOf = (deps: OrderListDeps) =>
  createOrderListStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
