import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseProfiles } from "../db/testing";
import { type AuditActor, createAuditTrail, type NewAuditEntry } from "./audit-trail";

const actor: AuditActor = {
  fingerprint: "fp-a",
  label: "Valley Market (retailer)",
  keyType: "Customer",
  scope: "1 store: Valley Market",
  environment: "test",
  sessionHash: "s".repeat(64),
  clientAddress: "203.0.113.7",
  userId: "user-ana",
  userEmail: "ana@valley.example",
  workspaceId: "ws-valley",
};
/** The Valley workspace's trail: its entries, and its key's from before accounts. */
const VALLEY = { workspaceId: "ws-valley", fingerprints: ["fp-a"] };
const allocation: NewAuditEntry = {
  event: "payment-allocation",
  operation: "createPaymentApplication",
  actor,
  reference: { arAccountId: 12, paymentInvoiceNum: "P-1", targetInvoiceNum: "I-9", amount: "25.00" },
  idempotencyKey: "idem-1",
  requestId: "r1",
  result: "sent",
};

describe.each(databaseProfiles())("the audit trail on $name", ({ open }) => {
  /** A trail whose clock reads `clock.now`. */
  async function trail(start = "2026-11-21T18:00:00.000Z") {
    const database = await open();
    const clock = { now: new Date(start) };
    return { database, clock, audit: createAuditTrail(database.db, () => clock.now) };
  }

  it("records a write, writes its answer onto the same entry, and keeps one entry per Idempotency-Key", async () => {
    const { database, audit } = await trail();
    try {
      const id = await audit.record(allocation);
      expect(await audit.record(allocation)).toBe(id);
      await audit.settle(id, {
        result: "done",
        upstreamStatus: 201,
        requestId: "up-1",
        answer: { paymentRequestId: 77 },
        outcome: "Pending",
        outcomeFinal: false,
      });
      // A replay answered later changes nothing of a done write.
      await audit.settle(id, { result: "done", upstreamStatus: 201, requestId: "up-2", answer: {} });
      // Another key's same Idempotency-Key is another entry (in another workspace).
      await audit.record({ ...allocation, actor: { ...actor, fingerprint: "fp-b", workspaceId: "ws-other" } });

      const { entries, total } = await audit.list(VALLEY, { limit: 50, offset: 0 });
      expect(total).toBe(1);
      expect(entries[0]).toMatchObject({
        id,
        event: "payment-allocation",
        result: "done",
        upstreamStatus: 201,
        requestId: "up-1",
        outcome: "Pending",
        outcomeFinal: false,
        keyLabel: "Valley Market (retailer)",
        keyType: "Customer",
        keyScope: "1 store: Valley Market",
        session: "ssssssssssss",
        clientAddress: "203.0.113.7",
        userId: "user-ana",
        userEmail: "ana@valley.example",
        workspaceId: "ws-valley",
        idempotencyKey: "idem-1",
        reference: {
          arAccountId: 12,
          paymentInvoiceNum: "P-1",
          targetInvoiceNum: "I-9",
          amount: "25.00",
          paymentRequestId: 77,
        },
      });
    } finally {
      await database.close();
    }
  });

  it("is append-only: the database refuses to change an entry's fixed columns or delete a young entry", async () => {
    const { database, audit } = await trail(new Date().toISOString());
    try {
      const id = await audit.record(allocation);
      const changes = [
        { at: "2020-01-01T00:00:00.000Z" },
        { key_label: "someone else" },
        { reference_json: "{}" },
        { client_address: "10.0.0.1" },
        // Who did it, and where (migration 004's columns), are as fixed as the rest.
        { user_id: "user-mallory" },
        { user_email: "mallory@evil.example" },
        { workspace_id: "ws-other" },
        { user_id: null },
        { workspace_id: null },
      ];
      for (const change of changes) {
        await expect(
          database.db.updateTable("audit_events").set(change).where("id", "=", Number(id)).execute(),
          JSON.stringify(change),
        ).rejects.toThrow(/append-only/);
      }
      await expect(database.db.deleteFrom("audit_events").execute()).rejects.toThrow(/never deleted/);
      // What Backroom learns later is written onto the entry.
      await database.db
        .updateTable("audit_events")
        .set({ outcome: "Confirmed", outcome_final: 1 })
        .where("id", "=", Number(id))
        .execute();
      expect((await audit.list(VALLEY, { limit: 1, offset: 0 })).entries[0]).toMatchObject({
        outcome: "Confirmed",
        userId: "user-ana",
        userEmail: "ana@valley.example",
        workspaceId: "ws-valley",
      });
    } finally {
      await database.close();
    }
  });

  it("lists a workspace's entries newest first, filtered by event and dates, paged", async () => {
    const { database, clock, audit } = await trail("2026-11-01T09:00:00.000Z");
    try {
      for (let day = 1; day <= 6; day++) {
        clock.now = new Date(`2026-11-0${day}T09:00:00.000Z`);
        await audit.record({
          ...allocation,
          idempotencyKey: `idem-${day}`,
          event: day % 2 ? "payment-allocation" : "purchase-create",
          operation: day % 2 ? "createPaymentApplication" : "createPurchase",
          result: "done",
        });
      }
      const at = (entries: { at: string }[]) => entries.map((e) => e.at.slice(8, 10));
      expect(at((await audit.list(VALLEY, { limit: 50, offset: 0 })).entries)).toEqual([
        "06",
        "05",
        "04",
        "03",
        "02",
        "01",
      ]);
      expect(at((await audit.list(VALLEY, { limit: 2, offset: 2 })).entries)).toEqual(["04", "03"]);
      const purchases = await audit.list(VALLEY, { events: ["purchase-create"], limit: 50, offset: 0 });
      expect([at(purchases.entries), purchases.total]).toEqual([["06", "04", "02"], 3]);
      const between = await audit.list(VALLEY, {
        from: "2026-11-02T00:00:00.000Z",
        to: "2026-11-04T23:59:59.999Z",
        limit: 50,
        offset: 0,
      });
      expect(at(between.entries)).toEqual(["04", "03", "02"]);
      expect(
        (await audit.list({ workspaceId: "ws-other", fingerprints: ["fp-other"] }, { limit: 50, offset: 0 })).total,
      ).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("answers pending entries until a final outcome is learned", async () => {
    const { database, audit } = await trail(new Date().toISOString());
    try {
      const id = await audit.record({ ...allocation, result: "done", outcome: "Pending" });
      await audit.record({ ...allocation, idempotencyKey: "idem-refused", result: "refused" });
      expect((await audit.pending("fp-a", ["payment-allocation"])).map((e) => e.id)).toEqual([id]);
      await audit.learn(id, "Exported", false);
      expect((await audit.pending("fp-a", ["payment-allocation"]))[0]?.outcome).toBe("Exported");
      await audit.learn(id, "Confirmed", true);
      expect(await audit.pending("fp-a", ["payment-allocation"])).toEqual([]);
      // A final outcome stays.
      await audit.learn(id, "Rejected", true);
      expect((await audit.list(VALLEY, { limit: 50, offset: 0 })).entries.find((e) => e.id === id)?.outcome).toBe(
        "Confirmed",
      );
    } finally {
      await database.close();
    }
  });

  it("scopes a workspace's trail: its own entries, and its keys' from before accounts, never another workspace's with the same key", async () => {
    const { database, clock, audit } = await trail("2026-11-01T09:00:00.000Z");
    try {
      const write = async (key: string, who: Partial<AuditActor>) => {
        clock.now = new Date(clock.now.getTime() + 60_000);
        await audit.record({ ...allocation, idempotencyKey: key, result: "done", actor: { ...actor, ...who } });
      };
      await write("valley", {});
      // Before accounts: the key's entry, with nobody and no workspace named.
      await write("before-accounts", { userId: null, userEmail: null, workspaceId: null });
      // The same key, held by another workspace too: that workspace's entry is its own.
      await write("other-workspace", { userId: "user-olga", userEmail: "olga@other.example", workspaceId: "ws-other" });
      // Another key before accounts: nobody's here.
      await write("other-key", { fingerprint: "fp-z", userId: null, userEmail: null, workspaceId: null });
      // A sign-in in the workspace, with no key at all.
      await write("sign-in", {
        fingerprint: null,
        label: null,
        keyType: null,
        scope: null,
        environment: null,
        userId: "user-ben",
        userEmail: "ben@valley.example",
      });

      const keys = (page: { entries: { idempotencyKey: string | null }[] }) =>
        page.entries.map((e) => e.idempotencyKey);
      expect(keys(await audit.list(VALLEY, { limit: 50, offset: 0 }))).toEqual([
        "sign-in",
        "before-accounts",
        "valley",
      ]);
      expect(keys(await audit.list({ workspaceId: "ws-valley", fingerprints: [] }, { limit: 50, offset: 0 }))).toEqual([
        "sign-in",
        "valley",
      ]);
      expect(
        keys(await audit.list({ workspaceId: "ws-other", fingerprints: ["fp-a"] }, { limit: 50, offset: 0 })),
      ).toEqual(["other-workspace", "before-accounts"]);
      // One person's entries only.
      const ben = await audit.list(VALLEY, { userId: "user-ben", limit: 50, offset: 0 });
      expect([keys(ben), ben.total]).toEqual([["sign-in"], 1]);
      expect((await audit.list(VALLEY, { userId: "user-olga", limit: 50, offset: 0 })).total).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("names the people of a workspace's entries once each, with the address they last acted under, and nobody of another workspace or nobody at all", async () => {
    const { database, clock, audit } = await trail("2026-11-01T09:00:00.000Z");
    try {
      const write = async (key: string, who: Partial<AuditActor>) => {
        clock.now = new Date(clock.now.getTime() + 60_000);
        await audit.record({ ...allocation, idempotencyKey: key, actor: { ...actor, ...who } });
      };
      await write("1", { userId: "user-zoe", userEmail: "zoe@valley.example" });
      await write("2", {});
      await write("3", {});
      // Ana changed her address: the later one names her.
      await write("3b", { userEmail: "ana.new@valley.example" });
      await write("4", { userId: "user-olga", userEmail: "olga@other.example", workspaceId: "ws-other" });
      await write("5", { userId: null, userEmail: null });
      expect(await audit.people("ws-valley")).toEqual([
        { userId: "user-ana", email: "ana.new@valley.example" },
        { userId: "user-zoe", email: "zoe@valley.example" },
      ]);
      expect(await audit.people("ws-other")).toEqual([{ userId: "user-olga", email: "olga@other.example" }]);
      expect(await audit.people("ws-nobody")).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("purges entries older than the retention (never under 30 days), and keeps the rest", async () => {
    const now = Date.now();
    const { database, clock, audit } = await trail(new Date(now - 500 * 86_400_000).toISOString());
    try {
      await audit.record({ ...allocation, idempotencyKey: "old" });
      clock.now = new Date(now - 45 * 86_400_000);
      await audit.record({ ...allocation, idempotencyKey: "45 days" });
      clock.now = new Date(now);
      await audit.record({ ...allocation, idempotencyKey: "today" });
      expect(await audit.purge(400)).toBe(1);
      // A retention below the minimum counts as 30 days.
      expect(await audit.purge(1)).toBe(1);
      const left = await database.db.selectFrom("audit_events").select("idempotency_key").execute();
      expect(left).toEqual([{ idempotency_key: "today" }]);
      expect(
        Number((await sql<{ n: number }>`select count(*) as n from audit_events`.execute(database.db)).rows[0]?.n),
      ).toBe(1);
    } finally {
      await database.close();
    }
  });
});
