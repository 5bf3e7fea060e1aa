import "server-only";
import { createHash } from "node:crypto";
import * as z from "zod";
import { type MadeMenuJson, MENU_MAX_DAYS, NewMenu } from "@/lib/domain/menus/menu-schema";
import type { AuditTrail } from "../core/audit/audit-trail";
import { DEMO_VISITOR_SECONDS, recordOwner } from "../core/auth/demo-visitor";
import { actorOf } from "../core/audit/write-audit";
import { defineRoute, type RouteDeps } from "../core/define-route";
import { invalidField, refuse } from "../core/route-errors";
import { publicOrigin } from "../core/public-origin";
import { NO_STORE } from "../core/route-errors";
import type { SharedStore } from "../core/shared/shared-store";
import { MadeMenuAnswer, MenuLinkAnswer } from "./answers";
import { idempotencyKeyReused } from "./errors";
import { loadMenuLinks, type MenuLinksJson } from "./load-menu-links";
import { linkJson, type MenuStore, newMenuId, newMenuToken } from "./menu-store";

/** The shared menus' endpoints: a Supplier key's links to its public menu. */

export interface MenusDeps extends RouteDeps {
  menus: { store: MenuStore };
  audit: AuditTrail;
  /** Holds a made link's answer for a day, so the same Idempotency-Key answers the same token (only its hash is kept). */
  shared: SharedStore;
  now?: () => number;
}

const REPLAY_MS = 24 * 60 * 60 * 1000;

/** Shared menus are a brand's: made and listed with a Supplier key only. */
const BRAND_KEYS = { keyTypes: ["Supplier"], what: "Shared menus" } as const;

const clock = (deps: MenusDeps) => deps.now?.() ?? Date.now();

const MenuLinksAnswer = z.object({ links: z.array(MenuLinkAnswer) }) satisfies z.ZodType<MenuLinksJson>;

export const listMenus = defineRoute(
  {
    method: "GET",
    path: "/api/menus",
    summary: "The key's links to its public menu, newest first, each with its state now (never their tokens).",
    answer: MenuLinksAnswer,
    need: "key",
    ...BRAND_KEYS,
  },
  async ({ actor }, deps: MenusDeps) => loadMenuLinks(actor, deps, clock(deps)),
);

export const createMenu = defineRoute(
  {
    method: "POST",
    path: "/api/menus",
    summary: "Makes a link to the key's public menu, shown to anyone who holds it until it expires.",
    description: [
      `\`expiresAt\` is at most ${MENU_MAX_DAYS} days away (400 \`VALIDATION_FAILED\` on \`expiresAt\` when past or`,
      "later); a link made in the shared demo lasts a day at most. 201 with the link and its token, shown this once.",
      "The same key again within a day: 200 with the same link; with another body, or a day later, 409",
      "`IDEMPOTENCY_KEY_REUSED`. In the audit trail as `menu-link-made` (the link's id and name, never its token).",
    ].join("\n"),
    answer: MadeMenuAnswer,
    status: 201,
    idempotencyKey: "optional",
    need: "key",
    permission: { menus: ["manage"] },
    ...BRAND_KEYS,
    body: NewMenu,
    maxBodyBytes: 32 * 1024,
    invalid: "Name the link, say until when it works and where questions go.",
  },
  async ({ request, actor, body: asked, idempotencyKey }, deps: MenusDeps) => {
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
        return Response.json(answer, { status: 200, headers: NO_STORE });
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
    return answer;
  },
);

export const revokeMenu = defineRoute(
  {
    method: "DELETE",
    path: "/api/menus/{token}",
    summary: "Revokes a menu link: its page answers 404 from then on, on every instance.",
    description: [
      "`token`: the link's token, or its id (as the Menus page names it). Answers the link, revoked. 404 for a link",
      "the workspace does not have, or revoked already. In the audit trail as `menu-link-revoked`.",
    ].join("\n"),
    answer: MenuLinkAnswer,
    need: "key",
    permission: { menus: ["manage"] },
  },
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
