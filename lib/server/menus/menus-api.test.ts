import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MadeMenuJson, MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { createBackground } from "../core/background/background-reads";
import type { SharedStore } from "../core/shared/shared-store";
import { sharedStoreProfiles } from "../core/shared/testing";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createMenuSnapshots, REFRESH_MS } from "./menu-snapshot";
import { createMenuStore, forgetMenus } from "./menu-store";
import { createMenu, listMenus, type MenusDeps, revokeMenu } from "./menus-api";
import { menusPageData } from "./menus-page";
import { type PublicMenuDeps, servePublicMenu } from "./public-menu-route";
import type { MenuTables } from "./tables";

const BRAND = 7;
const envelope = (Data: unknown[]) => Response.json({ Data, Page: 1, PageSize: 500, HasNextPage: false });

/** The Data API as a Supplier key reads it: its products (with prices, and another brand's), buckets, promotions. */
function upstream(request: Request): Response {
  const path = new URL(request.url).pathname;
  if (path.endsWith("/products"))
    return envelope([
      {
        ProductID: 1,
        SupplierID: BRAND,
        StatusID: 1,
        ProductName: "Mint Bar",
        BrandName: "Golden Coast",
        ProductTypeName: "Edible: Chocolate",
        State: "CA",
        Potency: "100mg",
        PackageName: "10/10mg Bar",
        WholesaleUnitsPerCase: 8,
        FullPrice: "12.50",
      },
      { ProductID: 2, SupplierID: 9, StatusID: 1, ProductName: "Rival Kush", ProductTypeName: "Flower", State: "CA" },
    ]);
  if (path.endsWith("/availableInventory"))
    return envelope([{ LocationID: 1, ProductID: 1, InStock: true, InventoryBucket: "< 25 Cases" }]);
  if (path.endsWith("/menuPromotions"))
    return envelope([
      { SupplierID: BRAND, State: "CA", Description: "Holiday week", StartDate: "2026-11-20", EndDate: "2026-12-01" },
    ]);
  if (path.endsWith("/locations")) return envelope([{ LocationID: 1, Location: "Oakland" }]);
  return Response.json({ Error: "not here" }, { status: 404 });
}

const MENU = {
  name: "Holiday menu",
  states: ["ca"],
  categories: [],
  expiresAt: "2026-12-31",
  contactEmail: "sales@goldencoast.example",
};

/** One instance of Backroom: its own menu services over the shared database and store. */
function instance(backend: TestBackend, shared: SharedStore, rateLimit = 1000) {
  const now = () => backend.now!();
  const store = createMenuStore(backend.db, now);
  const snapshots = createMenuSnapshots({
    shared,
    background: createBackground({ proxy: backend, shared, paceMs: 0, now }),
    keys: backend.keys,
    now,
  });
  const deps: MenusDeps & PublicMenuDeps = { ...backend, menus: { store, snapshots, rateLimit }, shared, now };
  return {
    snapshots,
    page: async (workspaceId: string, keyId: string) => {
      const data = await menusPageData({ store, snapshots }, { workspace: { id: workspaceId } }, keyId, now());
      return { ...data, choices: await data.choices };
    },
    post: (cookie: string, json: unknown, key?: string) =>
      createMenu(
        browserRequest("POST", "/api/menus", { cookie, json, headers: key ? { "Idempotency-Key": key } : {} }),
        deps,
      ),
    list: async (cookie: string) =>
      (
        (await (await listMenus(browserRequest("GET", "/api/menus", { cookie }), deps)).json()) as {
          links: MenuLinkJson[];
        }
      ).links,
    revoke: (cookie: string, ref: string) =>
      revokeMenu(browserRequest("DELETE", `/api/menus/${ref}`, { cookie }), deps, { token: ref }),
    view: (token: string, address = "203.0.113.9", search = "") =>
      servePublicMenu(
        new Request(`${BACKROOM}/menu/${token}${search}`, { headers: { "x-forwarded-for": address } }),
        deps,
        { token },
      ),
  };
}

const menuCalls = (backend: TestBackend) =>
  backend.calls.filter((c) => /\/(products|availableInventory|menuPromotions|locations)$/.test(c.url.pathname)).length;

let backend: TestBackend;
afterEach(() => backend.close());

describe.each(databaseProfiles())("the shared menus on $name", ({ open }) => {
  let shared: SharedStore & { peer(): SharedStore };
  beforeEach(async () => {
    backend = await createTestBackend(upstream, { database: await open() });
    shared = await sharedStoreProfiles()[0]!.open();
  });

  const brand = () =>
    connectKey(backend, DEMO_KEYS.Supplier, "Supplier", {
      summary: "Golden Coast",
      suppliers: [{ id: BRAND, name: "Golden Coast" }],
    });

  it("an owner makes a link (201, the token once), every member lists it without its token, the page shows the menu and no price; revoked, it answers 404", async () => {
    const owner = await brand();
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const one = instance(backend, shared);
    const made = await one.post(owner.cookie, MENU, "k-1");
    expect(made.status).toBe(201);
    const link = (await made.json()) as MadeMenuJson;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${BACKROOM}/menu/${link.token}`);
    expect(link.expiresAt).toBe("2026-12-31T23:59:59.999Z");

    const listed = await one.list(viewer.cookie);
    expect(listed).toEqual([
      expect.objectContaining({ id: link.id, name: "Holiday menu", states: ["CA"], status: "active" }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(link.token);
    expect(
      await backend.db.withTables<MenuTables>().selectFrom("menu_links").select("token_hash").executeTakeFirst(),
    ).not.toEqual({
      token_hash: link.token,
    });

    const page = await one.view(link.token);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("Mint Bar");
    expect(html).toContain("&lt; 25 Cases");
    expect(html).toContain("Holiday week");
    expect(html).toContain("mailto:sales@goldencoast.example?subject=About%20Mint%20Bar");
    expect(html).not.toMatch(/\$|12\.50|Price|Rival/);
    // Its search is a form sent to the page itself, the one place its policy lets a form go.
    expect(page.headers.get("Content-Security-Policy")).toContain("form-action 'self'");
    expect(page.headers.get("Content-Security-Policy")).not.toContain("script-src");
    expect(await (await one.view(link.token, undefined, "?q=mint")).text()).toContain("1 of 1 product matches “mint”");
    const none = await (await one.view(link.token, undefined, "?q=kush")).text();
    expect(none).toContain("No product matches “kush”");
    expect(none).not.toContain("Rival");

    expect((await one.revoke(viewer.cookie, link.id)).status).toBe(403);
    const revoked = await one.revoke(owner.cookie, link.token);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as MenuLinkJson).status).toBe("revoked");
    expect((await one.view(link.token)).status).toBe(404);
    expect((await one.revoke(owner.cookie, link.token)).status).toBe(404);
    expect((await one.revoke(owner.cookie, "A".repeat(43))).status).toBe(404);
    const events = await backend.db.selectFrom("audit_events").select("event").execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["menu-link-made", "menu-link-revoked"]));
  });

  it("a link expires: its page answers 404 and the list says expired", async () => {
    const owner = await brand();
    const one = instance(backend, shared);
    const link = (await (
      await one.post(owner.cookie, { ...MENU, expiresAt: "2026-11-22T18:00:00Z" })
    ).json()) as MadeMenuJson;
    expect((await one.view(link.token)).status).toBe(200);
    backend.advance(24 * 60 * 60 * 1000);
    expect((await one.view(link.token)).status).toBe(404);
    expect((await one.list(owner.cookie))[0]!.status).toBe("expired");
  });

  it("a key removed takes its links: their pages answer 404", async () => {
    await backend.close();
    backend = await createTestBackend(upstream, { database: await open(), forget: [forgetMenus] });
    const owner = await brand();
    const one = instance(backend, shared);
    const { token } = (await (await one.post(owner.cookie, MENU)).json()) as MadeMenuJson;
    expect((await one.view(token)).status).toBe(200);
    await backend.keys.remove(owner.workspaceId, owner.keyId);
    expect((await one.view(token)).status).toBe(404);
  });

  it("the same Idempotency-Key makes one link (a double click), and asking for another with it is 409", async () => {
    const owner = await brand();
    const one = instance(backend, shared);
    const [a, b] = await Promise.all([one.post(owner.cookie, MENU, "dbl"), one.post(owner.cookie, MENU, "dbl")]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [first, second] = (await Promise.all([a.json(), b.json()])) as MadeMenuJson[];
    expect(second!.token).toBe(first!.token);
    expect(await one.list(owner.cookie)).toHaveLength(1);
    expect((await one.post(owner.cookie, { ...MENU, name: "Other" }, "dbl")).status).toBe(409);
  });

  it.each([
    ["not JSON", "{", "body"],
    ["no name", { ...MENU, name: " " }, "name"],
    ["a bad state", { ...MENU, states: ["California"] }, "states[0]"],
    ["a bad date", { ...MENU, expiresAt: "soon" }, "expiresAt"],
    ["a date past", { ...MENU, expiresAt: "2026-01-01" }, "expiresAt"],
    ["a date over a year away", { ...MENU, expiresAt: "2028-01-01" }, "expiresAt"],
    ["a bad email", { ...MENU, contactEmail: "sales" }, "contactEmail"],
    ["an unknown field", { ...MENU, prices: true }, ""],
  ])("POST /api/menus refuses %s with 400 in the API's error shape", async (_, body, field) => {
    const owner = await brand();
    const answer = await instance(backend, shared).post(owner.cookie, body);
    expect(answer.status).toBe(400);
    const error = ((await answer.json()) as { Error: { code: string; fieldErrors: { field: string }[] } }).Error;
    expect(error.code).toBe("VALIDATION_FAILED");
    if (field) expect(error.fieldErrors.map((f) => f.field)).toContain(field);
  });

  it("POST /api/menus refuses a viewer (403), another site (403), and a key that is not a brand's (403)", async () => {
    const owner = await brand();
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const one = instance(backend, shared);
    expect((await one.post(viewer.cookie, MENU)).status).toBe(403);
    const crossSite = browserRequest("POST", "/api/menus", { cookie: owner.cookie, json: MENU, site: "cross-site" });
    expect(
      (await createMenu(crossSite, { ...backend, menus: { store: createMenuStore(backend.db) }, shared })).status,
    ).toBe(403);
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const notBrand = await one.post(retailer.cookie, MENU);
    expect([notBrand.status, await notBrand.json()]).toEqual([
      403,
      {
        Error: {
          code: "NOT_FOR_THIS_KEY",
          detail: "Shared menus: for Supplier keys only; this workspace's key is a Customer key.",
        },
      },
    ]);
  });

  it("POST /api/menus takes a body of up to 32 KiB, and answers 413 past it", async () => {
    const owner = await brand();
    const one = instance(backend, shared);
    // Over the 16 KiB most routes take, under this one's limit: refused for its field, not its size.
    const categories = Array.from({ length: 900 }, (_, n) => `c${n}`.padEnd(20, "x"));
    const large = await one.post(owner.cookie, { ...MENU, categories });
    expect([large.status, ((await large.json()) as { Error: { code: string } }).Error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
    const tooLarge = await one.post(owner.cookie, { ...MENU, name: "x".repeat(33 * 1024) });
    expect([tooLarge.status, ((await tooLarge.json()) as { Error: { code: string } }).Error.code]).toEqual([
      413,
      "PAYLOAD_TOO_LARGE",
    ]);
  });

  it("the Menus page offers the brand's own states and categories: a key with no snapshot takes its first, once", async () => {
    const owner = await brand();
    const one = instance(backend, shared);
    const first = await one.page(owner.workspaceId, owner.keyId);
    // The other brand's product (its state and category) is not the key's to offer.
    expect(first.choices).toEqual({ states: ["CA"], categories: ["Edible: Chocolate"] });
    expect(menuCalls(backend)).toBe(4);
    expect((await one.page(owner.workspaceId, owner.keyId)).choices).toEqual(first.choices);
    expect(menuCalls(backend)).toBe(4);
  });

  it("the snapshot is read once in 15 minutes whatever the traffic, then refreshed once", async () => {
    const owner = await brand();
    const one = instance(backend, shared);
    const { token } = (await (await one.post(owner.cookie, MENU)).json()) as MadeMenuJson;
    await Promise.all(Array.from({ length: 10 }, () => one.view(token)));
    expect(menuCalls(backend)).toBe(4);
    for (let minute = 1; minute < 15; minute++) {
      backend.advance(60_000);
      expect((await one.view(token)).status).toBe(200);
    }
    expect(menuCalls(backend)).toBe(4);
    backend.advance(REFRESH_MS);
    await Promise.all(Array.from({ length: 10 }, () => one.view(token)));
    // The stale page is served while one refresh runs.
    await one.snapshots.idle();
    expect(menuCalls(backend)).toBe(8);
  });

  it("views past the address's limit answer 429 with Retry-After in the API's error shape; another address is served", async () => {
    const owner = await brand();
    const one = instance(backend, shared, 3);
    const { token } = (await (await one.post(owner.cookie, MENU)).json()) as MadeMenuJson;
    for (let i = 0; i < 3; i++) expect((await one.view(token)).status).toBe(200);
    const limited = await one.view(token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { Error: { code: string } }).Error.code).toBe("RATE_LIMITED");
    expect((await one.view(token, "198.51.100.2")).status).toBe(200);
    backend.advance(60_000);
    expect((await one.view(token)).status).toBe(200);
  });

  it.each(sharedStoreProfiles().map((p) => [p.name, p] as const))(
    "a link revoked on one instance answers 404 on another at once (shared store: %s)",
    async (_, profile) => {
      const store = await profile.open();
      try {
        const owner = await brand();
        const a = instance(backend, store);
        const b = instance(backend, store.peer());
        const { token } = (await (await a.post(owner.cookie, MENU)).json()) as MadeMenuJson;
        expect((await b.view(token)).status).toBe(200);
        expect((await a.view(token)).status).toBe(200);
        // The second instance drew its page from the snapshot the first... or its own read: one read in all.
        expect(menuCalls(backend)).toBe(4);
        expect((await a.revoke(owner.cookie, token)).status).toBe(200);
        expect((await b.view(token)).status).toBe(404);
      } finally {
        await store.close();
      }
    },
  );
});
