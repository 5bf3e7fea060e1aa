import "server-only";
import type { MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { linkJson, type MenuStore } from "./menu-store";

/** What `GET /api/menus` answers: the key's links, newest first, each with its state now (never a token). */
export interface MenuLinksJson {
  links: MenuLinkJson[];
}

/**
 * The links of the workspace's key to its public menu, as the Menus page shows them and `GET /api/menus` answers them.
 *
 * @example
 * const { links } = await loadMenuLinks({ workspace: { id: workspaceId }, key: { id: keyId } }, await backend());
 */
export async function loadMenuLinks(
  actor: { workspace: { id: string }; key: { id: string } },
  deps: { menus: { store: MenuStore } },
  now: number = Date.now(),
): Promise<MenuLinksJson> {
  const links = await deps.menus.store.list(actor.workspace.id, actor.key.id);
  return { links: links.map((link) => linkJson(link, now)) };
}
