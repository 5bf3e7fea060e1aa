import "server-only";
import type { MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { snapshotChoices } from "@/lib/domain/menus/public-menu";
import { loadMenuLinks } from "./load-menu-links";
import type { MenuSnapshots } from "./menu-snapshot";
import type { MenuStore } from "./menu-store";

/**
 * What the Menus page renders with: the key's links with their state now (`loadMenuLinks`, what `GET /api/menus`
 * answers), the states and categories of its snapshot, and today (UTC). The snapshot is the one the public pages are drawn from, however old (no read of the API); a key with
 * none yet takes its first now (a few reads within its budget, as a first public page would), so the form offers the
 * catalogue's own states and categories to tick rather than fields to type (only if that read fails are they typed).
 * The choices are a promise the page streams (React's `use` under Suspense): the links and the rest of the form do not
 * wait for a first snapshot.
 */
export async function menusPageData(
  menus: { store: MenuStore; snapshots: MenuSnapshots },
  asker: { workspace: { id: string }; visitor?: string },
  keyId: string,
  now: number = Date.now(),
): Promise<{ links: MenuLinkJson[]; choices: Promise<{ states: string[]; categories: string[] }>; today: string }> {
  const choices = menus.snapshots
    .peek(keyId)
    .then((kept) => kept ?? menus.snapshots.snapshot(asker.workspace.id, keyId))
    .then((snapshot) => (snapshot ? snapshotChoices(snapshot) : { states: [], categories: [] }))
    .catch(() => ({ states: [], categories: [] }));
  const { links } = await loadMenuLinks({ ...asker, key: { id: keyId } }, { menus }, now);
  return {
    links,
    choices,
    today: new Date(now).toISOString().slice(0, 10),
  };
}
