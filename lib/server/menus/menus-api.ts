import "server-only";
import { createHash } from "node:crypto";
import { type MadeMenuJson, MENU_MAX_DAYS, NewMenu } from "@/lib/domain/menus/menu-schema";
import type { AuditTrail } from "../core/audit/audit-trail";
import { DEMO_VISITOR_SECONDS, recordOwner } from "../core/auth/demo-visitor";
import { actorOf } from "../core/audit/write-audit";
import { defineRoute, invalidField, refuse, type RouteDeps } from "../core/define-route";
import { publicOrigin } from "../core/public-origin";
import { NO_STORE } from "../core/route-errors";
import type { SharedStore } from "../core/shared/shared-store";
import { idempotencyKeyReused } from "./errors";
import { loadMenuLinks } from "./load-menu-links";
import { linkJson, type MenuStore, newMenuId, newMenuToken } from "./menu-store";

/**
 * The shared menus' endpoints (`app/api/menus/...`): a Supplier key's links to its public menu. Every member lists
 * them; owners and admins make and revoke them (`menus: ["manage"]`). Made and revoked are in the audit trail (the
 * link's id and name, never its token).
 */

export interface MenusDeps extends RouteDeps {
  menus: { store: MenuStore };
  audit: AuditTrail;
  /** Holds a made link's answer for a day, so the same Idempotency-Key answers the same token (only its hash is kept). */
  shared: SharedStore;
  now?: () => number;
}

const MAX_KEY_LENGTH = 200;
const REPLAY_MS = 24 * 60 * 60 * 1000;

/** Shared menus are a brand's: made and listed with a Supplier key only. */
const BRAND_KEYS = { keyTypes: ["Supplier"], what: "Shared menus" } as const;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });
const clock = (deps: MenusDeps) => deps.now?.() ?? Date.now();

// GET /api/menus: the active key's links, newest first (never their tokens).
export const listMenus = defineRoute({ need: "key", ...BRAND_KEYS }, async ({ actor }, deps: MenusDeps) =>
  loadMenuLinks(actor, deps, clock(deps)),
);

// POST /api/menus {name, states, categories, expiresAt, contactEmail} with an Idempotency-Key: makes a link (201
// {id, url, token, expiresAt}); the same key again within a day answers the same link (200), asking for another 409.
export const createMenu = defineRoute(
  {
    need: "key",
    permission: { menus: ["manage"] },
    ...BRAND_KEYS,
    body: NewMenu,
    maxBodyBytes: 32 * 1024,
    invalid: "Name the link, say until when it works and where questions go.",
  },
  async ({ request, actor, body: asked }, deps: MenusDeps) => {
    const idempotencyKey = request.headers.get("Idempotency-Key")?.trim() || undefined;
    if (idempotencyKey && idempotencyKey.length > MAX_KEY_LENGTH)
      throw invalidField("Idempotency-Key", `An Idempotency-Key is at most ${MAX_KEY_LENGTH} characters.`);
    const now = clock(deps);
    if (Date.parse(asked.expiresAt) <= now)
      throw invalidField("expiresAt", "expiresAt is in the past: choose a later date.");
    if (Date.parse(asked.expiresAt) > now + MENU_MAX_DAYS * 24 * 60 * 60 * 1000)
      throw invalidField("expiresAt", `A link lives at most ${MENU_MAX_DAYS} days: choose an earlier date.`);

    const token = newMenuToken();
    const id = newMenuId();
    const requestHash = createHash("sha256")
      .update(JSON.stringify([actor.key.id, asked]))
      .digest("hex");
    // A link made in the shared demo lasts a day at most (its page says it is a demo), whatever date was asked for.
    const demoEnd = now + DEMO_VISITOR_SECONDS * 1000;
    const menu =
      actor.visitor && Date.parse(asked.expiresAt) > demoEnd
        ? { ...asked, expiresAt: new Date(demoEnd).toISOString() }
        : asked;
    const scope = { workspaceId: recordOwner(actor), keyId: actor.key.id };
    if (idempotencyKey) {
      // The first of two requests with one key takes it here, before anything is written: a double click makes one link.
      const slot = `menu-made\n${scope.workspaceId}\n${idempotencyKey}`;
      const made: MadeMenuJson & { requestHash: string } = {
        id,
        url: `${publicOrigin(request)}/menu/${token}`,
        token,
        expiresAt: menu.expiresAt,
        requestHash,
      };
      if (!(await deps.shared.set(slot, Buffer.from(JSON.stringify(made)), REPLAY_MS, { onlyIfAbsent: true }))) {
        const [held] = await deps.shared.get([slot]);
        const earlier = held ? (JSON.parse(held.toString("utf8")) as typeof made) : undefined;
        if (!earlier || earlier.requestHash !== requestHash) throw idempotencyKeyReused(false);
        const { requestHash: _, ...answer } = earlier;
        return json(answer, 200);
      }
    }
    const link = await deps.menus.store.add(
      scope,
      menu,
      token,
      { id: actor.person.id, name: actor.person.name },
      idempotencyKey,
      id,
    );
    if (!link) throw idempotencyKeyReused(true);
    const answer: MadeMenuJson = {
      id: link.id,
      url: `${publicOrigin(request)}/menu/${token}`,
      token,
      expiresAt: link.expiresAt,
    };
    await deps.audit.record({
      event: "menu-link-made",
      operation: "POST /api/menus",
      actor: actorOf(request, actor, actor.key),
      reference: { menuId: link.id, menuName: link.name },
      idempotencyKey: idempotencyKey ?? null,
      result: "done",
    });
    return json(answer, 201);
  },
);

// DELETE /api/menus/{token} (or the link's id, as the Menus page names it): revokes the link (200); 404 for a link the
// workspace does not have or revoked already. Its page answers 404 from now on, on every instance.
export const revokeMenu = defineRoute(
  { need: "key", permission: { menus: ["manage"] } },
  async ({ request, actor, params }, deps: MenusDeps) => {
    const link = await deps.menus.store.revoke(recordOwner(actor), params.token ?? "", actor.person.id);
    if (!link) throw refuse("not-found", "No such menu link in this workspace (or it is revoked)");
    await deps.audit.record({
      event: "menu-link-revoked",
      operation: "DELETE /api/menus/{token}",
      actor: actorOf(request, actor, actor.key),
      reference: { menuId: link.id, menuName: link.name },
      idempotencyKey: null,
      result: "done",
    });
    return linkJson(link, clock(deps));
  },
);
