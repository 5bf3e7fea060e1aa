import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageHref } from "@/lib/domain/page-href";
import {
  fillKeptSummary,
  isFresh,
  isKeptPath,
  isKeptResponse,
  isSaveMessage,
  KEPT_SUMMARY_SLOT,
  keptAddressFor,
  NOT_KEPT_SEGMENTS,
  OFFLINE_CUSTOMER_PATH,
  PAGE_MAX_AGE_SECONDS,
  requestHandling,
  type ResponseFacts,
  standInCustomerId,
  standInFor,
} from "./page-rules";

const ORIGIN = "https://backroom.example";

describe("requestHandling", () => {
  const navigate = (path: string, origin = ORIGIN) => ({ method: "GET", mode: "navigate", url: `${origin}${path}` });
  it.each([
    ["the overview", navigate("/"), "keep-page"],
    ["a list page with its filters", navigate("/customers?Page=2&State=CA"), "keep-page"],
    ["a customer's page", navigate("/customers/1042"), "keep-page"],
    ["Today", navigate("/today"), "keep-page"],
    ["an inventory page", navigate("/inventory/available"), "keep-page"],
    ["the sign-in page", navigate("/sign-in?next=%2Fcustomers"), "page-from-network"],
    ["the sign-up page", navigate("/sign-up"), "page-from-network"],
    ["an invitation", navigate("/invitations/abc"), "page-from-network"],
    ["the API reference (1 MB)", navigate("/docs/api"), "page-from-network"],
    ["the person's account", navigate("/account"), "page-from-network"],
    ["the workspaces", navigate("/workspaces"), "page-from-network"],
    ["the workspace's keys", navigate("/settings/keys"), "page-from-network"],
    ["the offline page itself (precached)", navigate("/offline"), "page-from-network"],
    ["a Data API read opened as a page", navigate("/api/v1/customers"), "not-handled"],
    ["a v2 read opened as a page", navigate("/api/v2/purchases"), "not-handled"],
    ["a CSV export opened as a page", navigate("/api/collections/export"), "not-handled"],
    ["the sandbox's console", navigate("/sandbox"), "not-handled"],
    ["the sandbox's API", navigate("/sandbox/test/api/v1/customers"), "not-handled"],
    ["a page of another origin", navigate("/customers", "https://elsewhere.example"), "not-handled"],
    ["a Data API read by a page", { method: "GET", mode: "cors", url: `${ORIGIN}/api/v1/customers` }, "not-handled"],
    [
      "the client router's fetch of a page (RSC)",
      { method: "GET", mode: "cors", url: `${ORIGIN}/customers?_rsc=1x2y` },
      "not-handled",
    ],
    ["a static file", { method: "GET", mode: "no-cors", url: `${ORIGIN}/_next/static/chunks/a.js` }, "not-handled"],
    ["a form posted to a page", { method: "POST", mode: "navigate", url: `${ORIGIN}/customers` }, "not-handled"],
    [
      "a write to the API",
      { method: "POST", mode: "cors", url: `${ORIGIN}/api/v1/payments/applications` },
      "not-handled",
    ],
  ])("%s: %s", (_name, request, handling) => {
    expect(requestHandling(request, ORIGIN)).toBe(handling);
  });
});

describe("isKeptPath", () => {
  // The route groups: every page of app/(dashboard) is kept, none of app/(public), app/(account) or the app's own
  // (the offline page, the worker, the sandbox's console). A new top folder has to be placed on one side here.
  const app = join(import.meta.dirname, "../../../app");
  const folders = (dir: string) =>
    readdirSync(join(app, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith("_") && !e.name.startsWith("("))
      .map((e) => e.name);

  it.each(folders("(dashboard)"))("keeps the dashboard's /%s", (folder) => {
    expect(isKeptPath(`/${folder}`)).toBe(true);
  });

  it.each([...folders("(public)"), ...folders("(account)"), ...folders(".")])("never keeps /%s", (folder) => {
    expect(isKeptPath(`/${folder}`)).toBe(false);
    expect(isKeptPath(`/${folder}/x`)).toBe(false);
  });

  it("names no segment that is not a folder of app/ (the list stays true as pages move)", () => {
    const all = new Set([...folders("(public)"), ...folders("(account)"), ...folders("."), "_next"]);
    expect(NOT_KEPT_SEGMENTS.filter((segment) => !all.has(segment))).toEqual([]);
  });
});

describe("isKeptResponse", () => {
  const answer = (
    overrides: Partial<Omit<ResponseFacts, "headers">> & { contentType?: string | null } = {},
  ): ResponseFacts => {
    const { contentType = "text/html; charset=utf-8", ...rest } = overrides;
    return {
      status: 200,
      redirected: false,
      type: "basic",
      headers: { get: (name) => (name.toLowerCase() === "content-type" ? contentType : null) },
      ...rest,
    };
  };
  it.each([
    ["a page (200, HTML)", answer(), true],
    ["a page fetched from the worker (type default)", answer({ type: "default" }), true],
    ["a page in upper-case HTML type", answer({ contentType: "TEXT/HTML" }), true],
    ["a page reached through a redirect (to /sign-in)", answer({ redirected: true }), false],
    ["a redirect itself (manual)", answer({ status: 0, type: "opaqueredirect", contentType: null }), false],
    ["a not-found page", answer({ status: 404 }), false],
    ["a server error", answer({ status: 500 }), false],
    ["a JSON answer", answer({ contentType: "application/json" }), false],
    ["an answer without a type", answer({ contentType: null }), false],
    ["another origin's answer", answer({ type: "opaque", status: 0 }), false],
  ])("%s: %s", (_name, response, kept) => {
    expect(isKeptResponse(response)).toBe(kept);
  });
});

describe("isFresh", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");
  it.each([
    ["kept just now", "Wed, 25 Nov 2026 12:00:00 GMT", true],
    ["kept six days ago", "Thu, 19 Nov 2026 12:00:00 GMT", true],
    ["kept exactly a week ago", "Wed, 18 Nov 2026 12:00:00 GMT", true],
    ["kept a week and a second ago", "Wed, 18 Nov 2026 11:59:59 GMT", false],
    ["kept a month ago", "Sun, 25 Oct 2026 12:00:00 GMT", false],
    ["with no date", null, true],
    ["with a date that cannot be read", "yesterday", true],
  ])("a page %s: %s", (_name, date, fresh) => {
    expect(isFresh(date, now)).toBe(fresh);
  });

  it("is a week by default", () => {
    expect(PAGE_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60);
  });
});

describe("isSaveMessage", () => {
  it.each([
    [{ type: "backroom:save-pages", urls: ["/today", "/customers/1"] }, true],
    [{ type: "backroom:save-pages", urls: [] }, true],
    [{ type: "backroom:save-pages", urls: "/today" }, false],
    [{ type: "backroom:save-pages", urls: [1] }, false],
    [{ type: "CACHE_URLS", payload: { urlsToCache: ["/today"] } }, false],
    [null, false],
    ["backroom:save-pages", false],
  ])("%j: %s", (data, ok) => {
    expect(isSaveMessage(data)).toBe(ok);
  });
});

describe("standInFor", () => {
  it.each([
    ["/customers/20013", OFFLINE_CUSTOMER_PATH],
    ["/customers/1", OFFLINE_CUSTOMER_PATH],
    ["/customers", undefined],
    ["/customers/credit-terms", undefined],
    ["/customers/12/x", undefined],
    ["/invoices/12", undefined],
    ["/today", undefined],
  ])("%s is stood in for by %s", (path, standIn) => expect(standInFor(path)).toBe(standIn));

  it("stands in with a page the worker keeps (a dashboard page)", () => {
    expect(isKeptPath(OFFLINE_CUSTOMER_PATH)).toBe(true);
    expect(existsSync(join(process.cwd(), "app/(dashboard)", OFFLINE_CUSTOMER_PATH, "page.tsx"))).toBe(true);
  });
});

describe("keptAddressFor", () => {
  it.each([
    // A rep's accounts searched, filtered by visits or shown further: the page kept without them draws them.
    ["/today/accounts?q=green", "/today/accounts"],
    ["/today/accounts?rep=7&notVisited=30&shown=24", "/today/accounts?rep=7"],
    ["/today/accounts?shown=24&rep=7", "/today/accounts?rep=7"],
    [pageHref.todayAccounts({ rep: 7, q: "green", notVisited: 30, shown: 24 }), pageHref.todayAccounts({ rep: 7 })],
    // Nothing to leave out: the address is the kept one, or none.
    ["/today/accounts", undefined],
    ["/today/accounts?rep=7", undefined],
    // Other pages read their query on the server.
    ["/today?q=green", undefined],
    ["/customers?q=green", undefined],
  ])("%s is drawn by the page kept at %s", (address, kept) =>
    expect(keptAddressFor(new URL(address, ORIGIN))).toBe(kept),
  );
});

describe("standInCustomerId", () => {
  it.each([
    ["/customers/20013", 20013],
    ["/customers/0012", undefined],
    ["/customers/0", undefined],
    ["/customers", undefined],
    ["/customers/1234567890123456", undefined],
    ["/customers/12/", undefined],
    ["/today/customer", undefined],
  ])("%s names %s", (path, id) => expect(standInCustomerId(path)).toBe(id));
});

describe("fillKeptSummary", () => {
  const slot = KEPT_SUMMARY_SLOT.open + KEPT_SUMMARY_SLOT.loading;

  it("puts the summary in the slot, in place of what it says while loading", () => {
    const html = `<main><h1>x</h1>${slot}</div><p>after</p></main>`;
    expect(fillKeptSummary(html, "<p>Open balance $1.00</p>")).toBe(
      `<main><h1>x</h1>${KEPT_SUMMARY_SLOT.open}<p>Open balance $1.00</p></div><p>after</p></main>`,
    );
  });

  it("fills the first slot only, and leaves a page without one as it is", () => {
    expect(fillKeptSummary(`${slot}</div>${slot}</div>`, "S")).toBe(`${KEPT_SUMMARY_SLOT.open}S</div>${slot}</div>`);
    expect(fillKeptSummary("<main>an older build's page</main>", "S")).toBe("<main>an older build's page</main>");
  });
});
