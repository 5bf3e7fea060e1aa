import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { MenuLinkJson, NewMenuBody } from "@/lib/domain/menus/menu-schema";
import type { BackroomDatabase } from "../core/db/schema";
import type { MenuLinkTable, MenuTables } from "./tables";

/**
 * The links to brands' public menus (migration 021): made with a token of 32 random bytes (base64url), of which only
 * the SHA-256 is kept; a page opened hashes the token it was given and looks it up. Every instance reads the link's
 * state here on every view, so a revoked or expired link answers 404 at once everywhere.
 */

/** A fresh token: 32 random bytes, base64url (43 characters). */
export function newMenuToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is kept of a token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether a string may be a token at all (anything else is 404 without a lookup). */
export function isMenuToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** A new link's id. */
export function newMenuId(): string {
  return `menu-${randomUUID()}`;
}

/** A link's id: `menu-` and a UUID, never mistaken for a token (43 characters of base64url). */
export function isMenuId(value: string): boolean {
  return /^menu-[0-9a-f-]{36}$/.test(value);
}

export interface MenuLink {
  id: string;
  workspaceId: string;
  keyId: string;
  name: string;
  states: string[];
  categories: string[];
  contactEmail: string;
  expiresAt: string;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
}

const linkOf = (row: MenuLinkTable): MenuLink => ({
  id: row.id,
  workspaceId: row.workspace_id,
  keyId: row.key_id,
  name: row.name,
  states: JSON.parse(row.states_json) as string[],
  categories: JSON.parse(row.categories_json) as string[],
  contactEmail: row.contact_email,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  createdBy: row.created_by_name,
  revokedAt: row.revoked_at,
});

/** A link as the Menus page lists it, with its state at `now`. */
export function linkJson(link: MenuLink, now: number): MenuLinkJson {
  return {
    id: link.id,
    name: link.name,
    states: link.states,
    categories: link.categories,
    contactEmail: link.contactEmail,
    expiresAt: link.expiresAt,
    createdAt: link.createdAt,
    createdBy: link.createdBy,
    status: link.revokedAt ? "revoked" : Date.parse(link.expiresAt) <= now ? "expired" : "active",
    revokedAt: link.revokedAt,
  };
}

export function createMenuStore(coreDb: Kysely<BackroomDatabase>, now: () => number = Date.now) {
  const db = coreDb.withTables<MenuTables>();
  return {
    /** Writes a link for `token`; undefined when the workspace's Idempotency-Key made one already. */
    async add(
      scope: { workspaceId: string; keyId: string },
      body: NewMenuBody,
      token: string,
      by: { id: string; name: string },
      idempotencyKey: string | undefined,
      id: string = newMenuId(),
    ): Promise<MenuLink | undefined> {
      const row: MenuLinkTable = {
        id,
        workspace_id: scope.workspaceId,
        key_id: scope.keyId,
        token_hash: tokenHash(token),
        name: body.name,
        states_json: JSON.stringify(body.states),
        categories_json: JSON.stringify(body.categories),
        contact_email: body.contactEmail,
        expires_at: body.expiresAt,
        created_by: by.id,
        created_by_name: by.name,
        created_at: new Date(now()).toISOString(),
        idempotency_key: idempotencyKey ?? null,
        revoked_at: null,
        revoked_by: null,
      };
      const written = await db
        .insertInto("menu_links")
        .values(row)
        .onConflict((c) => c.columns(["workspace_id", "idempotency_key"]).doNothing())
        .executeTakeFirst();
      return Number(written.numInsertedOrUpdatedRows ?? 0) === 1 ? linkOf(row) : undefined;
    },
    /** The workspace's links of a key, newest first. */
    async list(workspaceId: string, keyId: string): Promise<MenuLink[]> {
      const rows = await db
        .selectFrom("menu_links")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .where("key_id", "=", keyId)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map(linkOf);
    },
    /** The link a token opens while it is active (not revoked, not expired); else undefined. */
    async open(token: string): Promise<MenuLink | undefined> {
      if (!isMenuToken(token)) return undefined;
      const row = await db
        .selectFrom("menu_links")
        .selectAll()
        .where("token_hash", "=", tokenHash(token))
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return row && Date.parse(row.expires_at) > now() ? linkOf(row) : undefined;
    },
    /**
     * Revokes a workspace's link named by its token or its id; answers it, or undefined when the workspace has no such
     * link (or it was revoked already).
     */
    async revoke(workspaceId: string, ref: string, by: string): Promise<MenuLink | undefined> {
      const byId = isMenuId(ref);
      if (!byId && !isMenuToken(ref)) return undefined;
      const at = new Date(now()).toISOString();
      const row = await db
        .updateTable("menu_links")
        .set({ revoked_at: at, revoked_by: by })
        .where("workspace_id", "=", workspaceId)
        .where(byId ? "id" : "token_hash", "=", byId ? ref : tokenHash(ref))
        .where("revoked_at", "is", null)
        .returningAll()
        .executeTakeFirst();
      return row ? linkOf(row) : undefined;
    },
  };
}

export type MenuStore = ReturnType<typeof createMenuStore>;

/** What a key removed takes: its links (their pages answer 404 from then on). */
export async function forgetMenus(trx: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  await trx.withTables<MenuTables>().deleteFrom("menu_links").where("key_id", "=", keyId).execute();
}
