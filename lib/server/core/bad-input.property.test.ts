import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { operationList } from "@/lib/data-api/registry";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { malformedPathAnswer } from "@/scripts/malformed-path.mjs";
import { proxyRoute } from "./proxy";
import { chooseKey, getSession } from "./session-api";
import { addKey, listKeys, removeKey } from "./keys-api";
import { demoSignIn } from "./demo-api";
import {
  BACKROOM,
  connectKey,
  createTestBackend,
  DEMO_KEYS,
  joinAs,
  signUp,
  type TestBackend,
  UPSTREAM,
} from "./testing";

/**
 * No 5xx for bad input. Thousands of generated requests, valid and not, against the proxy and the session,
 * key and demo routes, in-process, with the seeded sandbox as the Data API. For every one:
 * - never a 5xx, and never a throw (a route handler's throw is answerFailures' 500);
 * - never an upstream call for a request that is invalid by construction (nobody signed in, a cross-site write, a write
 *   the person's role refuses, a request that is neither adding a key nor the demo's sign-in, a body of the wrong
 *   shape), and never an answer of Backroom's own after going upstream: when the upstream was called, the answer is the
 *   upstream's status (or the cached copy a 304 confirmed), so every 400/401/403/404/405/409/413/415 of the proxy's own
 *   was given without an upstream call;
 * - never an API key (the demo keys, a key the upstream does not know, a key typed into the key form) in an answer's
 *   body or headers.
 *
 * Paths are generated raw, as they come over the wire, and handed on as Next would: a path with a malformed escape is
 * answered before Next (scripts/malformed-path.mjs; checked here to answer it 400), any other is parsed as Next parses
 * it (WHATWG URL: dot segments and %2e resolved) and its catch-all's segments are split on / and decoded one by one
 * with decodeURIComponent, as Next's route matcher does. A path that leaves the route that way (`..` climbing out, a
 * trailing slash Next redirects) is not the proxy's to answer and is only counted.
 */

/**
 * How long a property may run before it is taken for hung. Not a speed target (unit tests assert none): each run alone
 * takes 15 to 40 s, and CI's four workers on two cores with PostgreSQL beside them made one take over 90 s twice.
 */
const HUNG_MS = 300_000;

let sandbox: TestSandbox;
let backend: TestBackend;
/** A key the upstream does not know, stored in a session directly (the upstream answers it 401). */
const UNKNOWN_KEY = "fk_unknownKey0123456789abcdef";
/** Every key a session of these tests may hold: none may appear in an answer. */
const KEYS = [...Object.values(DEMO_KEYS), UNKNOWN_KEY];
const cookies: Record<string, string> = {};
/** A purchase body the sandbox accepts as a draft from the Supplier and Employee keys (from its own data). */
let draft: Record<string, unknown>;
/** Drafts made before the run, so that generated PATCH, DELETE and submit requests can name one that exists. */
const draftIds: string[] = [];
/** Products of the draft's supplier, for line items that can be accepted. */
const productIds: number[] = [];

beforeAll(async () => {
  sandbox = await openTestSandbox();
  // Refused keys are not throttled here: the throttle has its own tests, and would hold up every later key added.
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
    throttle: { freeFailures: 1_000_000, globalPerMinute: 1_000_000 },
  });
  const owners: Record<string, { cookie: string; workspaceId: string }> = {};
  for (const type of ["Customer", "Supplier", "Employee"] as const)
    cookies[type] = (owners[type] = await connectKey(backend, DEMO_KEYS[type], type)).cookie;
  cookies.unknownKey = (await connectKey(backend, UNKNOWN_KEY, "Customer")).cookie;
  // A viewer of the Supplier and Employee workspaces: reads, and no write of theirs goes anywhere.
  cookies.supplierViewer = (await joinAs(backend, owners.Supplier!.workspaceId, "viewer")).cookie;
  cookies.employeeViewer = (await joinAs(backend, owners.Employee!.workspaceId, "viewer")).cookie;
  // Signed in, and in no workspace.
  cookies.outsider = (await signUp(backend)).cookie;
  const vendor = await sandbox.db
    .selectFrom("vendors")
    .select(["vendor_id", "location_id", "supplier_id"])
    .where("supplier_id", "=", 101)
    .where("require_po_batch_codes", "=", 0)
    .executeTakeFirstOrThrow();
  draft = {
    vendor_id: vendor.vendor_id,
    to_location_id: vendor.location_id,
    supplier_id: vendor.supplier_id,
    delivery_date: "2026-12-15",
    po_num: "FUZZ-1",
  };
  const products = await sandbox.db
    .selectFrom("products")
    .select("product_id")
    .where("supplier_id", "=", 101)
    .where("status_id", "=", 1)
    .limit(5)
    .execute();
  productIds.push(...products.map((p) => p.product_id));
  for (const n of [1, 2, 3, 4, 5]) {
    const created = await sandbox.call("POST", "/v2/purchases", {
      as: "Supplier",
      body: { ...draft, po_num: `FUZZ-DRAFT-${n}` },
    });
    draftIds.push((created.body.data as { purchase_global_id: string }).purchase_global_id);
  }
}, 60_000);
afterAll(async () => {
  await backend.close();
  await sandbox.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** Text for header values: printable Latin-1 (what an HTTP header can carry), some of it odd. */
const latin1 = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
    .map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
/** A string as a client could put it in a URL: UTF-8 escapes, with a lone surrogate sent as its (invalid) bytes. */
const escaped = (text: string) =>
  [...text].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");

const LITERALS = [
  ...new Set(operationList.flatMap((op) => op.path.split("/").filter((part) => part && !part.startsWith("{")))),
];
const MALFORMED = ["%", "%%", "%zz", "%2", "a%", "%C3%28", "%FF", "%E9", "%E0%A4%A", "%ED%A0%80", "%u0041", "%%32%35"];

/** One path segment as sent on the wire. */
const rawSegment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...LITERALS) },
  { weight: 4, arbitrary: fc.integer({ min: -2, max: 400 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "PO-1",
      "PO-7_x",
      "0",
      "00",
      "1e3",
      "0x10",
      "NaN",
      "-0",
      "%201",
      "1.5",
      "999999999999999999999",
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
  { weight: 1, arbitrary: fc.constantFrom("..", ".", "%2e%2e", "%2E", ".%2e", "...") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "%2F",
      "a%2Fb",
      "%2F..%2F..%2Fevil",
      "%5C",
      "%5C%5Cevil.example",
      "%3F",
      "%23",
      "%00",
      "%20",
      "+",
      "%25",
      "%2525",
      "~",
      ";",
      ":",
      "@",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(escaped) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 8 }).map(escaped) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 16_000 }).map((n) => "x".repeat(n)) },
);

/** A path parameter: a number (many of which exist), a draft made before the run, or any segment. */
const ID_VALUE = fc.oneof(
  fc.integer({ min: 1, max: 300 }).map(String),
  fc.nat().map((n) => draftIds[n % draftIds.length]!),
  rawSegment,
);
const READS = operationList.filter((op) => op.method === "GET");
const WRITES = operationList.filter((op) => op.method !== "GET");
/** A path in a version: an operation's template filled (mostly well; writes as often as reads), or any segments. */
const proxyPath = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        op: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...READS) },
          { weight: 2, arbitrary: fc.constantFrom(...WRITES) },
        ),
        value: ID_VALUE,
      })
      .map(({ op, value }) => ({
        version: op.version as Version,
        method: op.method as string,
        segments: op.path
          .split("/")
          .filter(Boolean)
          .map((part) => (part.startsWith("{") ? value : part)),
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        version: fc.constantFrom<Version>("v1", "v2"),
        segments: fc.array(rawSegment, { minLength: 0, maxLength: 5 }),
      })
      .map((p) => ({ ...p, method: "GET" })),
  },
);

const QUERY_NAMES = [...new Set(operationList.flatMap((op) => Object.keys(op.query)))];
const queryName = fc.oneof(
  fc.constantFrom(...QUERY_NAMES),
  fc.constantFrom("page", "PAGESIZE", "x-api-key", "Unknown", "", "%", "a%zz", "Page[]", "__proto__", "constructor"),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    "1",
    "1,2,3",
    "2026-11-01",
    "2026-02-30",
    "true",
    "false",
    "Active",
    "Submitted",
    "50",
    "500",
    "501",
    "0",
    "-1",
    "abc",
    "1,,2",
    ",",
    "%",
    "%zz",
    "%C3%28",
  ),
  fc.constantFrom("99999999999999999999", "1e3", "", "null", "[1]", "%00", "1%2C2", "+1", "0x1F", "PO-1"),
  fc.string({ unit: "grapheme", maxLength: 16 }).map(escaped),
  fc.integer({ min: 1_000, max: 5_000 }).map((n) => "9".repeat(n)),
);
const query = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));

const METHODS = ["GET", "POST", "PATCH", "DELETE", "PUT", "HEAD"];
/** Sec-Fetch-Site, or none (null): mostly Backroom's own pages, as most requests are. */
const site = fc.oneof(
  { weight: 8, arbitrary: fc.constant("same-origin") },
  { weight: 4, arbitrary: fc.constantFrom("cross-site", "same-site", "none", "SAME-ORIGIN", null) },
);
const origin = fc.option(
  fc.oneof(
    fc.constantFrom(
      BACKROOM,
      "https://backroom.test",
      "https://evil.example",
      "null",
      "http://backroom.test:80",
      "http://backroom.test.evil.example",
    ),
    latin1,
  ),
);
const odd = (...values: string[]) => fc.oneof(fc.constantFrom(...values), latin1);
/** A header left out. */
const NONE = "<none>";
/** Content-Type: mostly JSON, as the dashboard sends its writes; sometimes none (then the body's own, text/plain). */
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      NONE,
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/merge-patch+json",
      "application/jsonx",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "",
      "json",
    ),
  },
  { weight: 1, arbitrary: latin1 },
);
const headers = fc
  .record(
    {
      "Content-Type": contentType,
      Prefer: odd(
        "return=minimal",
        "handling=lenient",
        "handling=strict, return=representation",
        "return=representation; handling=lenient",
        "respond-async",
        'handling="lenient"',
        "x".repeat(2_000),
      ),
      "Idempotency-Key": odd("fuzz-key-1", "", " ", "k".repeat(256), "key with spaces", "clé"),
      "X-Request-Id": odd("abc123", "", "a".repeat(65), "../../etc", "<script>", "0"),
      "If-None-Match": odd("*", 'W/"abc"', '"abc"', "W/", '"', 'W/"x", W/"y"', '*, W/"a"'),
      "Cache-Control": odd("no-cache", "max-age=0", "no-store", "max-age=-1"),
      "Content-Length": fc.constantFrom("999999999", "-1", "abc", "0"),
      // Rare: it changes nothing of who is signed in (better-auth's cookies are named from PUBLIC_URL), and is noise.
      "X-Forwarded-Proto": fc.oneof(
        { weight: 6, arbitrary: fc.constant(NONE) },
        { weight: 1, arbitrary: fc.constantFrom("https", "http", "https, http", "gopher") },
      ),
    },
    { requiredKeys: ["Content-Type"] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, value]) => value !== NONE)) as Partial<typeof h>);

/** Numbers at the edges: past 2^53, past 2^63, fractions, signs, the largest double. */
const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e20,
  9.3e18,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];
const edgeNumber = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
/** Line items, each with a product of the supplier (or any number) and cases or units of any size. */
const lineItems = fc.array(
  fc.record(
    {
      product_id: fc.oneof(
        fc.nat().map((n) => productIds[n % productIds.length]!),
        edgeNumber,
      ),
      cases: edgeNumber,
      units: edgeNumber,
      batch_code: fc.oneof(fc.constantFrom("B-1", ""), fc.string({ maxLength: 300 })),
      expiration_date: fc.constantFrom("2027-01-31", "2027-02-30", "0000-01-01", "9999-12-31", "yesterday"),
    },
    { requiredKeys: ["product_id"] },
  ),
  { minLength: 1, maxLength: 4 },
);
const MAX_BODY = 256 * 1024;
/** A body: none, broken JSON, JSON of any shape, a purchase (sometimes spoiled), or too large. */
const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "{",
      "nul",
      "",
      " ",
      "[]",
      "1",
      '"x"',
      "null",
      "{}",
      '{"a":1}',
      "\u0000",
      "\uFEFF{}",
      '{"po_num":"\u{1F600}"}',
      '{"__proto__":{"x":1}}',
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  {
    weight: 4,
    arbitrary: fc.record({
      field: fc.oneof(
        { weight: 3, arbitrary: fc.constant("") },
        {
          weight: 6,
          arbitrary: fc.constantFrom(
            "po_num",
            "vendor_id",
            "to_location_id",
            "supplier_id",
            "delivery_date",
            "purchase_transactions",
            "extra",
          ),
        },
      ),
      value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), edgeNumber, lineItems),
    }),
  },
  { weight: 1, arbitrary: fc.integer({ min: MAX_BODY - 16, max: MAX_BODY + 16 }).map((n) => `"${"x".repeat(n)}"`) },
);
/** The purchase draft, or it with one field replaced (`field` empty: as it is). */
const purchaseBody = (spec: { field: string; value: unknown }) =>
  JSON.stringify(spec.field ? { ...draft, [spec.field]: spec.value } : draft);

/** Which session the request carries: mostly a member's working with a key, as the dashboard's requests are. */
const session = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("Customer", "Supplier", "Employee", "Employee") },
  { weight: 2, arbitrary: fc.constantFrom("supplierViewer", "employeeViewer") },
  { weight: 3, arbitrary: fc.constantFrom("unknownKey", "outsider", "none", "unknownId", "badCookie", "secureName") },
);
/** The sessions that work with a key in a workspace. */
const WITH_KEY = ["Customer", "Supplier", "Employee", "unknownKey", "supplierViewer", "employeeViewer"];
const VIEWERS = ["supplierViewer", "employeeViewer"];
function cookieFor(choice: string): string | undefined {
  if (choice in cookies) return cookies[choice];
  if (choice === "unknownId") return `backroom.session_token=${"Z".repeat(32)}.${"s".repeat(43)}`;
  if (choice === "badCookie") return "backroom.session_token=%; backroom.session_token=; =x; ;;";
  // A real session under the name better-auth gives it over HTTPS: not the name this (HTTP) Backroom reads.
  if (choice === "secureName")
    return cookies.Employee!.replace("backroom.session_token", "__Secure-backroom.session_token");
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Checks shared by both properties

/** Reads the whole answer and fails on a 5xx or a key in its body or headers; answers the body text. */
async function checkAnswer(response: Response, what: string, secrets: readonly string[] = KEYS): Promise<string> {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  for (const secret of secrets) {
    expect(text.includes(secret), `${what}: the key ${secret} in the body`).toBe(false);
    response.headers.forEach((value, name) =>
      expect(value.includes(secret), `${what}: the key in ${name}`).toBe(false),
    );
  }
  return text;
}

/** What Next hands the catch-all route of `prefix` for a raw path: its decoded segments, or why it never gets there. */
function asNextRoutes(
  prefix: string,
  rawPath: string,
): { segments: string[]; url: URL } | "answered before Next" | "another route" {
  const early = malformedPathAnswer(rawPath);
  if (early) {
    // serve.mjs (or proxy.ts) answers it: 400 in the API's error shape, under /api.
    expect(early, rawPath).toMatchObject({ status: 400 });
    return "answered before Next";
  }
  const url = new URL(rawPath, BACKROOM);
  if (!url.pathname.startsWith(prefix) || url.pathname.length === prefix.length || url.pathname.endsWith("/"))
    return "another route";
  return { segments: url.pathname.slice(prefix.length).split("/").map(decodeURIComponent), url };
}

/** Origins naming Backroom's host (the scheme is not compared: the host is what tells another site). */
const OUR_ORIGINS = [BACKROOM, "https://backroom.test", "http://backroom.test:80"];
const isSameOriginByConstruction = (siteValue: string | null, originValue: string | null) =>
  siteValue !== null ? siteValue === "same-origin" : originValue !== null && OUR_ORIGINS.includes(originValue);

// ---------------------------------------------------------------------------------------------------------------

const tally = { proxy: new Map<string, number>(), session: new Map<string, number>() };
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

describe("no 5xx for bad input (property tests over generated requests)", () => {
  it(
    "the proxy: never a 5xx, never upstream for a refused request, never a key in an answer",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            path: proxyPath,
            otherMethod: fc.oneof(
              { weight: 4, arbitrary: fc.constant(null) },
              { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
            ),
            query,
            headers,
            site,
            origin,
            body,
            session,
          }),
          async (input) => {
            const method = input.otherMethod ?? input.path.method;
            const prefix = `/api/${input.path.version}/`;
            const routed = asNextRoutes(prefix, `${prefix}${input.path.segments.join("/")}${input.query}`);
            if (typeof routed === "string") return void count(tally.proxy, routed);

            const requestHeaders = new Headers({ Host: "backroom.test", ...input.headers });
            if (input.site !== null) requestHeaders.set("Sec-Fetch-Site", input.site);
            if (input.origin !== null) requestHeaders.set("Origin", input.origin);
            const cookie = cookieFor(input.session);
            if (cookie) requestHeaders.set("Cookie", cookie);
            const sendsBody = input.body !== undefined && method !== "GET" && method !== "HEAD";
            const text = sendsBody
              ? typeof input.body === "string"
                ? input.body
                : purchaseBody(input.body!)
              : undefined;
            const request = new Request(routed.url, { method, headers: requestHeaders, body: text });

            const before = backend.calls.length;
            const what = `${method} ${routed.url.pathname.slice(0, 200)}${routed.url.search.slice(0, 200)}`;
            const response = await proxyRoute(input.path.version)(request, backend);
            await checkAnswer(response, what);
            expect(response.headers.get("Cache-Control"), what).toBe("private, no-store");
            const calls = backend.calls.slice(before);

            // Working with a key: signed in (the plain cookie: this Backroom is served over HTTP), in a workspace.
            const withKey = WITH_KEY.includes(input.session);
            const write = !["GET", "HEAD"].includes(method);
            if (!withKey || (write && !isSameOriginByConstruction(input.site, input.origin))) {
              expect(calls, `${what}: invalid by construction, but went upstream`).toEqual([]);
              expect([401, 403], what).toContain(response.status);
            }
            // A viewer's write goes nowhere: refused by the contract's check, or by the role (403 FORBIDDEN_BY_ROLE).
            if (write && VIEWERS.includes(input.session)) {
              expect(calls, `${what}: a viewer's write went upstream`).toEqual([]);
              expect([400, 403, 404, 405, 413, 415], what).toContain(response.status);
            }
            if (calls.length > 0) {
              const upstream = calls.at(-1)!.status!;
              expect(
                upstream === response.status || (upstream === 304 && [200, 304].includes(response.status)),
                `${what}: answered ${response.status} after the upstream answered ${upstream}`,
              ).toBe(true);
              for (const call of calls) expect(call.url.origin).toBe(UPSTREAM);
            }
            count(tally.proxy, `${calls.length > 0 ? "upstream" : "own"} ${method} ${response.status}`);
          },
        ),
        { numRuns: 3_000 },
      );
      // The generators keep making both kinds of request: refused ones of each status, and ones the API answered.
      const seen = (pattern: RegExp) =>
        [...tally.proxy].filter(([key]) => pattern.test(key)).reduce((n, [, c]) => n + c, 0);
      const outcomes = JSON.stringify(Object.fromEntries([...tally.proxy].sort()));
      for (const pattern of [
        /^own \w+ 400$/,
        /^own \w+ 401$/,
        /^own \w+ 403$/,
        /^own \w+ 404$/,
        /^own \w+ 405$/,
        /^upstream GET 200$/,
        /^upstream \w+ 4\d\d$/,
        /^answered before Next$/,
        /^another route$/,
      ]) {
        expect(seen(pattern), `${pattern.source} in ${outcomes}`).toBeGreaterThan(0);
      }
    },
    HUNG_MS,
  );

  it(
    "the session, key and demo routes: never a 5xx, never upstream unless adding a key or the demo's sign-in with a well-formed body, never a key in an answer",
    async () => {
      const keyLike = fc.stringMatching(/^[A-Za-z0-9]{12,40}$/).map((s) => `fk_${s}`);
      const environment = fc.constantFrom("test", "test", "production", "staging", "", 1, null);
      // Bodies tagged with what they are by construction: a well-formed key to add (`key`), a well-formed demo sign-in
      // (`demo`), or neither (`bad`), or anything (`any`: random JSON, which is not claimed either way).
      const routeBody = fc.oneof(
        {
          weight: 2,
          arbitrary: fc
            .record({
              as: fc.constantFrom("Customer", "Supplier", "Employee"),
              environment: fc.constantFrom("test", "production"),
            })
            .map((b) => ({ tag: "demo", json: b, key: undefined })),
        },
        {
          weight: 3,
          arbitrary: fc
            .record({
              apiKey: fc.oneof(
                keyLike,
                keyLike.map((k) => ` ${k}\n`),
                fc.constantFrom(DEMO_KEYS.Customer, DEMO_KEYS.Employee),
              ),
              environment: fc.constantFrom("test", "production"),
              label: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
            })
            .map((b) => ({ tag: "key", json: b, key: b.apiKey.trim() })),
        },
        {
          weight: 1,
          arbitrary: fc
            .record({ as: fc.constantFrom("Customer", "Nobody", "", 1, null), environment }, { requiredKeys: [] })
            .filter((b) => !(b.as === "Customer" && (b.environment === "test" || b.environment === "production")))
            .map((b) => ({ tag: "bad", json: b, key: undefined })),
        },
        {
          weight: 1,
          arbitrary: fc
            .record({
              apiKey: fc.oneof(keyLike, fc.constantFrom("short", "", "k".repeat(501)), fc.integer()),
              environment,
              extra: fc.option(fc.jsonValue(), { nil: undefined }),
            })
            .filter(
              (b) =>
                !(
                  typeof b.apiKey === "string" &&
                  b.apiKey.length >= 8 &&
                  b.apiKey.length <= 500 &&
                  (b.environment === "test" || b.environment === "production") &&
                  b.extra === undefined
                ),
            )
            .map((b) => ({
              tag: "bad",
              json: b,
              key: typeof b.apiKey === "string" && b.apiKey.length >= 12 ? b.apiKey : undefined,
            })),
        },
        {
          weight: 1,
          arbitrary: fc
            .record({ as: fc.constant("Customer"), apiKey: keyLike, environment: fc.constant("test") })
            .map((b) => ({ tag: "bad", json: b, key: b.apiKey })),
        },
        {
          weight: 1,
          arbitrary: fc
            .record(
              { activeKeyId: fc.oneof(fc.constant("<own>"), fc.string({ maxLength: 120 }), fc.integer()) },
              { requiredKeys: [] },
            )
            .map((b) => ({ tag: "any", json: b as unknown, key: undefined })),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ tag: "any", json, key: undefined })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              "{",
              "",
              "null",
              "x".repeat(5_000),
              `{"as":"Customer","environment":"test","pad":"${"x".repeat(4_100)}"}`,
            )
            .map((text) => ({ tag: "bad", text, key: undefined })),
        },
      );
      // A new workspace holding the Supplier key, of one owner (signing up a person each time would cost an Argon2 hash).
      const founder = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
      let founded = 0;
      async function freshWorkspace() {
        const headers = new Headers({ cookie: founder.cookie, origin: BACKROOM });
        const workspace = await backend.auth.api.createOrganization({
          body: { name: `Fresh ${++founded}`, slug: `fresh-${founded}` },
          headers,
        });
        const { key } = await backend.keys.add(workspace!.id, founder.userId, {
          apiKey: DEMO_KEYS.Supplier,
          environment: "test",
          keyType: "Supplier",
          label: "Fresh",
          scope: { summary: "test" },
        });
        await backend.auth.api.setActiveOrganization({ body: { organizationId: workspace!.id }, headers });
        return { cookie: founder.cookie, keyId: key.id };
      }
      const sessionArb = fc.record({
        route: fc.constantFrom("addKey", "addKey", "demo", "describe", "chooseKey", "listKeys", "removeKey"),
        // fresh: a new owner of a workspace holding the Supplier key; shared: the Customer workspace's owner.
        cookie: fc.constantFrom(
          "fresh",
          "fresh",
          "shared",
          "supplierViewer",
          "outsider",
          "none",
          "unknownId",
          "badCookie",
        ),
        site,
        origin,
        contentType: headers.map((h) => h["Content-Type"]),
        body: routeBody,
        keyId: fc.oneof(fc.constant("<own>"), rawSegment),
      });
      const demo = demoSignIn;
      const routes = {
        addKey: ["POST", addKey],
        demo: ["POST", demo],
        describe: ["GET", getSession],
        chooseKey: ["PATCH", chooseKey],
        listKeys: ["GET", listKeys],
      } as const;

      await fc.assert(
        fc.asyncProperty(sessionArb, async (input) => {
          let cookie: string | undefined;
          let ownKeyId = "none";
          if (input.cookie === "fresh") ({ cookie, keyId: ownKeyId } = await freshWorkspace());
          else if (input.cookie === "shared") cookie = cookies.Customer;
          else cookie = cookieFor(input.cookie);

          const requestHeaders = new Headers({ Host: "backroom.test" });
          if (input.site !== null) requestHeaders.set("Sec-Fetch-Site", input.site);
          if (input.origin !== null) requestHeaders.set("Origin", input.origin);
          if (input.contentType !== undefined) requestHeaders.set("Content-Type", input.contentType);
          if (cookie) requestHeaders.set("Cookie", cookie);
          // `<own>` stands for the fresh workspace's own key id, unknown when the input was generated.
          const json: unknown = "json" in input.body ? input.body.json : undefined;
          const own =
            typeof json === "object" && json !== null && "activeKeyId" in json && json.activeKeyId === "<own>";
          const text =
            "text" in input.body ? input.body.text : JSON.stringify(own ? { ...json, activeKeyId: ownKeyId } : json);
          const secrets = input.body.key ? [...KEYS, input.body.key] : KEYS;

          const method: string = input.route === "removeKey" ? "DELETE" : routes[input.route][0];
          let path = {
            addKey: "/api/keys",
            demo: "/api/demo",
            describe: "/api/session",
            chooseKey: "/api/session",
            listKeys: "/api/keys",
            removeKey: "",
          }[input.route];
          let keyId = "";
          if (input.route === "removeKey") {
            const routed = asNextRoutes("/api/keys/", `/api/keys/${input.keyId === "<own>" ? ownKeyId : input.keyId}`);
            if (typeof routed === "string") return void count(tally.session, `removeKey: ${routed}`);
            if (routed.segments.length !== 1) return void count(tally.session, "removeKey: another route");
            keyId = routed.segments[0]!;
            path = routed.url.pathname;
          }
          const request = new Request(new URL(path, BACKROOM), {
            method,
            headers: requestHeaders,
            body: method === "GET" ? undefined : text,
          });

          const before = backend.calls.length;
          const what = `${input.route} ${path.slice(0, 100)} ${String(text).slice(0, 120)}`;
          const response =
            input.route === "removeKey"
              ? await removeKey(request, backend, { keyId })
              : await routes[input.route][1](request, backend);
          await checkAnswer(response, what, secrets);
          const calls = backend.calls.slice(before);
          const sameOrigin = isSameOriginByConstruction(input.site, input.origin);
          const mayGoUpstream =
            sameOrigin &&
            ((input.route === "addKey" && input.body.tag === "key") ||
              (input.route === "demo" && input.body.tag === "demo"));
          if (!mayGoUpstream) expect(calls, `${what}: went upstream`).toEqual([]);
          // A key is added by the workspace's owners and admins only: a viewer's never reaches the API.
          if (input.route === "addKey" && input.cookie === "supplierViewer")
            expect(calls, `${what}: a viewer's key went upstream`).toEqual([]);
          if (method !== "GET" && !sameOrigin) expect(response.status, what).toBe(403);
          count(tally.session, `${input.route} ${response.status}${calls.length ? " upstream" : ""}`);
        }),
        { numRuns: 2_000 },
      );
      const outcomes = JSON.stringify(Object.fromEntries([...tally.session].sort()));
      for (const outcome of [
        "addKey 201 upstream",
        "addKey 401 upstream",
        "addKey 400",
        "addKey 403",
        "demo 200",
        "demo 400",
        "describe 200",
        "describe 401",
        "listKeys 200",
        "removeKey 204",
        "removeKey 404",
        "chooseKey 400",
      ]) {
        expect(tally.session.get(outcome) ?? 0, `${outcome} in ${outcomes}`).toBeGreaterThan(0);
      }
    },
    HUNG_MS,
  );

  it("the audit trail the generated requests left holds entries, and no key", async () => {
    const rows = await backend.db.selectFrom("audit_events").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    for (const key of KEYS) expect(text).not.toContain(key);
  });
});
