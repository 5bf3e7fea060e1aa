import "server-only";
import type { MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { recordOwner } from "../core/auth/demo-visitor";
import { linkJson, type MenuStore } from "./menu-store";

/** What `GET /api/menus` answers: the key's links, newest first, each with its state now (never a token). */
export interface MenuLinksJson {
  links: MenuLinkJson[];
}

/**
 * The links of the workspace's key to its public menu, as the Menus page shows them and `GET /api/menus` answers them
 * (a demo visitor's own only: `recordOwner`).
 *
 * @example
 * const { links } = await loadMenuLinks({ workspace: { id: workspaceId }, key: { id: keyId } }, await backend());
 */
export async function loadMenuLinks(
  actor: { workspace: { id: string }; visitor?: string; key: { id: string } },
  deps: { menus: { store: MenuStore } },
  now: number = Date.now(),
): Promise<MenuLinksJson> {
  const links = await deps.menus.store.list(recordOwner(actor), actor.key.id);
  return { links: links.map((link) => linkJson(link, now)) };
}
