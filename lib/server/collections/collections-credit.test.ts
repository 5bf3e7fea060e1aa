import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { COLUMNS } from "@/lib/domain/collections/collections-list";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import type { KeyActor } from "../core/parties";
import { browserRequest, type TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { putCreditLimit } from "../credit/credit-api";
import { createCreditViews } from "../credit/credit-view";
import { creditSetUp } from "../credit/testing";
import { createDisputeStore } from "../disputes/disputes-store";
import type { OrderListTables } from "../order-guide/tables";
import { getCollectionsExport } from "./collections-api";
import { withCredit } from "./collections-credit";
import { collectionsView } from "./collections-view";

// The Collections export's credit against the sandbox: the limits the staff set and a store's open reorder list, read
// with the key's snapshot alone (no request to the API), each account's limit and credit available as the credit
// feature figures them (limit − total outstanding − open lists), the filter over its limit and the sort by credit
// available as the page's.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

/** A CSV's lines as records by header (a field with a comma is quoted; none of these holds a quote then a comma). */
function records(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  const split = (line: string) => {
    const fields: string[] = [];
    for (let at = 0; at <= line.length; ) {
      const quoted = line[at] === '"';
      const end = quoted ? line.indexOf('",', at + 1) + 1 || line.length : line.indexOf(",", at);
      const stop = end === -1 ? line.length : end;
      fields.push(quoted ? line.slice(at + 1, stop - 1).replaceAll('""', '"') : line.slice(at, stop));
      at = stop + 1;
    }
    return fields;
  };
  const headers = split(head!);
  return lines.map((line) => Object.fromEntries(split(line).map((v, i) => [headers[i], v])));
}

const cents = (text: string) => parseDecimal(text)!;

describe.each(databaseProfiles())("the Collections export's credit on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("gives each account its limit and what is left, after its stores' open lists; filters over the limit, sorts by it", async () => {
    const s = await creditSetUp(sandbox, open, Date.parse(TEST_CLOCK));
    backends.push(s.backend);
    await s.walk();
    const view = await collectionsView(s.backend.db, s.staff.keyId);
    if (!view.ready) throw new Error("the snapshot is not in");
    const owing = view.rows.filter((r) => cents(r.total) > 0n);
    expect(owing.length).toBeGreaterThan(2);
    // A $0.00 limit on one account owing something; a large one on another, whose store has an open reorder list.
    const [zero, large] = [owing[0]!, owing[1]!];
    const put = (account: CollectionRow, limit: string) =>
      s.send(putCreditLimit, "PUT", `/api/credit/${account.arAccountId}`, s.staff.cookie, {
        json: { limit },
        key: `limit-${account.arAccountId}`,
        params: { arAccountId: String(account.arAccountId) },
      });
    expect((await put(zero, "0")).status).toBe(200);
    expect((await put(large, "9000000")).status).toBe(200);
    await s.backend.db
      .withTables<OrderListTables>()
      .insertInto("order_lists")
      .values(openList(s.staff.workspaceId, large.customerIds[0]!, new Date(Date.parse(TEST_CLOCK)).toISOString()))
      .execute();

    const credit = createCreditViews({ db: s.backend.db, now: () => s.clock.at });
    const ask = async (query = "") => {
      const answer = await getCollectionsExport(
        browserRequest("GET", `/api/collections/export${query}`, { cookie: s.staff.cookie, site: null }),
        { ...s.deps, disputes: { openByCustomer: createDisputeStore(s.backend.db).openByCustomer }, credit },
      );
      expect(answer.status).toBe(200);
      return records(await answer.text());
    };
    const calls = s.backend.calls.length;
    const all = await ask();
    expect(s.backend.calls.length).toBe(calls);
    expect(Object.keys(all[0]!)).toEqual(COLUMNS.map((c) => c.header));
    const of = (account: CollectionRow) => all.find((r) => r["AR account"] === String(account.arAccountId))!;
    const left = (limit: string, account: CollectionRow, lists: string) =>
      toDecimalString(cents(limit) - cents(account.total) - cents(lists), 2);
    expect(of(zero)).toMatchObject({
      "Credit limit": "0.00",
      "Open reorder lists": "0.00",
      "Credit available": left("0", zero, "0"),
    });
    expect(of(large)).toMatchObject({
      "Credit limit": "9000000.00",
      "Open reorder lists": "1250.00",
      "Credit available": left("9000000", large, "1250.00"),
    });
    // Every other account: no limit, its columns blank.
    expect(all.filter((r) => r["Credit limit"] !== "").length).toBe(2);
    expect(all.filter((r) => r["Credit available"] === "").length).toBe(all.length - 2);

    // Over its limit: the $0.00 limit's account alone; the least credit available first, no limit last.
    expect((await ask("?over=limit")).map((r) => r["AR account"])).toEqual([String(zero.arAccountId)]);
    const sorted = await ask("?sort=available&dir=asc");
    expect(sorted.slice(0, 2).map((r) => r["AR account"])).toEqual([zero, large].map((a) => String(a.arAccountId)));
    expect(sorted.length).toBe(all.length);

    // Without the credit feature (or when it fails) the rows stand, their credit unread rather than "no limit".
    const failing = { creditRows: () => Promise.reject(new Error("down")) };
    const actor = await s.backend.actors.resolve(
      browserRequest("GET", "/collections", { cookie: s.staff.cookie, site: null }).headers,
    );
    if (!actor?.key || !actor.workspace || !actor.membership) throw new Error("the staff is not signed in");
    const bare = await withCredit(failing, actor as KeyActor, view.rows);
    expect(bare.every((r) => r.credit === undefined)).toBe(true);
    expect(bare.length).toBe(view.rows.length);
  });
});

/** A reorder list sent today for the store, $1,250.00, none of it invoiced yet (no match). */
function openList(workspaceId: string, customerId: number, at: string) {
  return {
    id: `list-${customerId}`,
    workspace_id: workspaceId,
    environment: "test",
    customer_id: customerId,
    customer_name: "A store",
    recipient: "rep@example.com",
    lines_json: "[]",
    line_count: 1,
    total_cases: 5,
    total: "1250.00",
    price_day: at.slice(0, 10),
    status: "sent",
    sent_by: "someone",
    sent_by_name: "Someone",
    sent_by_email: "someone@example.com",
    sent_at: at,
    idempotency_key: `list-${customerId}`,
    withdrawn_at: null,
    withdrawn_by: null,
    withdrawn_by_name: null,
    withdrawn_by_email: null,
    withdrawal_mail: null,
    withdrawal_key: null,
    visitor: null,
    sent_with: "Customer",
    version: 1,
    acknowledged_at: null,
    acknowledged_by_name: null,
    entered_at: null,
    entered_by_name: null,
    erp_ref: null,
    match_json: null,
    matched_at: null,
  };
}
