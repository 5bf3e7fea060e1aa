import "server-only";
import { defineFeature } from "../core/feature";
import { createMenuSnapshots } from "./menu-snapshot";
import { createMenuStore, forgetMenus } from "./menu-store";
import { MENU_MIGRATIONS } from "./migrations";
import { MenuSettings } from "./settings";

/**
 * A brand's shared menus with the core: the links (in the database, the token's hash only), and each
 * Supplier key's public snapshot (in the shared store, refreshed through the background's budget at most every 15
 * minutes). A key removed takes its links. Nothing runs on a timer: a snapshot is refreshed when a page is viewed.
 */
export const menusFeature = defineFeature({
  name: "menus",
  migrations: MENU_MIGRATIONS,
  settings: MenuSettings,
  forget: forgetMenus,
  start(core, settings) {
    const store = createMenuStore(core.db);
    const snapshots = createMenuSnapshots({ shared: core.shared, background: core.background, keys: core.keys });
    return { services: { store, snapshots, rateLimit: settings.MENU_RATE_LIMIT } };
  },
});
