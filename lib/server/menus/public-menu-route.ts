import "server-only";
import { randomBytes } from "node:crypto";
import { menuOf } from "@/lib/domain/menus/public-menu";
import { isVisitorOwner, workspaceOfOwner } from "../core/auth/demo-visitor";
import { clientAddress } from "../core/connect-throttle";
import { defineRoute, type RouteDeps } from "../core/define-route";
import type { SharedStore } from "../core/shared/shared-store";
import { tooManyViews } from "./errors";
import { MENU_SEARCH_MAX, menuPage, messagePage } from "./menu-html";
import { menuViewWait } from "./menu-rate-limit";
import type { MenuSnapshots } from "./menu-snapshot";
import type { MenuStore } from "./menu-store";

export interface PublicMenuDeps extends RouteDeps {
  /** The links, the snapshots, and the views allowed per address and minute (MENU_RATE_LIMIT). */
  menus: { store: MenuStore; snapshots: MenuSnapshots; rateLimit: number };
  shared: SharedStore;
  now?: () => number;
}

/**
 * The headers of every answer of a public menu, its 429 included: never indexed, no referrer (the token is in the
 * address), and a policy of its own: no script at all, the one style sheet, and forms sent to this origin only (the
 * page's search, a GET to itself).
 */
function publicHeaders(nonce: string): Record<string, string> {
  return {
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' https: data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  };
}

/** A page's headers: HTML, never stored (a revoked link must not live on in a cache; an error answer never is). */
const pageHeaders = (nonce: string) => ({
  ...publicHeaders(nonce),
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "private, no-store",
});

export const servePublicMenu = defineRoute(
  {
    method: "GET",
    path: "/menu/{token}",
    summary: "A brand's live menu as a page, to anyone holding the link (no sign-in); `?q=` searches it.",
    description:
      "404 for a link unknown, revoked or expired (read from the database on every view, so on every instance at " +
      "once); 429 past the address's limit. A page, not part of Backroom's API: `/api/openapi.json` leaves it out.",
    answer: { mediaType: "text/html", description: "The menu's page." },
    need: "anyone",
  },
  async ({ request, params }, deps: PublicMenuDeps) => {
    const nonce = randomBytes(16).toString("base64");
    const now = deps.now?.() ?? Date.now();
    const wait = await menuViewWait(deps.shared, clientAddress(request), deps.menus.rateLimit, now);
    if (wait !== undefined) throw tooManyViews(wait, publicHeaders(nonce));
    const link = await deps.menus.store.open(params.token ?? "");
    if (!link)
      return new Response(
        messagePage(
          nonce,
          "Menu not found",
          "This menu link does not exist, was revoked, or has expired. Ask the brand for a new one.",
        ),
        { status: 404, headers: pageHeaders(nonce) },
      );
    const snapshot = await deps.menus.snapshots.snapshot(workspaceOfOwner(link.workspaceId), link.keyId);
    if (!snapshot)
      return new Response(
        messagePage(nonce, "Menu being prepared", "The brand's menu is being read. Try again in a minute."),
        { status: 503, headers: { ...pageHeaders(nonce), "Retry-After": "60" } },
      );
    const demo = isVisitorOwner(link.workspaceId);
    const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MENU_SEARCH_MAX);
    return new Response(menuPage(nonce, menuOf(snapshot, link), link, { demo, q }), {
      status: 200,
      headers: pageHeaders(nonce),
    });
  },
);
