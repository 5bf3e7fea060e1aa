import { describe, expect, it } from "vitest";
import type { AuditEntry, AuditReference } from "@/lib/audit/audit-types";
import { describeReference } from "./describe-reference";
import { NO_NAMES, peopleNames, whoOf } from "./people-names";

const entry = (event: AuditEntry["event"], reference: AuditReference, who: Partial<AuditEntry> = {}): AuditEntry => ({
  id: "1",
  at: "2026-11-21T18:00:00.000Z",
  event,
  operation: null,
  environment: "test",
  keyLabel: null,
  keyType: null,
  keyScope: null,
  userId: null,
  userEmail: null,
  workspaceId: "w1",
  session: null,
  clientAddress: "127.0.0.1",
  idempotencyKey: null,
  requestId: null,
  upstreamStatus: null,
  result: "done",
  reference,
  outcome: null,
  outcomeFinal: false,
  outcomeAt: null,
  ...who,
});

const names = peopleNames([
  { userId: "u1", name: "Camila Martinez", email: "camila@example.com" },
  { userId: "u2", name: " ", email: "nameless@example.com" },
]);

describe("an activity entry's reference", () => {
  it.each<[string, AuditEntry, string]>([
    [
      "an export's total as money",
      entry("accounting-export", { fileName: "books.csv", records: 12, amount: "2103485.00" }),
      "books.csv · 12 records · total $2,103,485.00",
    ],
    [
      "an allocation's amount as money",
      entry("payment-allocation", { amount: "40.5", paymentInvoiceNum: "PMT-1", targetInvoiceNum: "INV-9" }),
      "$40.50 from payment PMT-1 to invoice INV-9",
    ],
    [
      "a reorder list's rep by name, its total as money, one line",
      entry("order-list-sent", { subjectEmail: "Camila@example.com", lineCount: 1, amount: "12" }),
      "to Camila Martinez · 1 line · total $12.00",
    ],
    [
      "a purchase order's cases counted",
      entry("purchase-create", { poNum: "PO-7", lineCount: 2, totalCases: 1 }),
      "PO PO-7 · 2 lines · 1 case",
    ],
    [
      "the member a role change concerns, by name; one who has left by email",
      entry("role-changed", { subjectEmail: "camila@example.com", role: "admin" }),
      "Camila Martinez · as admin",
    ],
    [
      "an invitation to someone not yet a member",
      entry("invitation-sent", { subjectEmail: "new@example.com", role: "viewer" }),
      "new@example.com · as viewer",
    ],
  ])("writes %s", (_, e, expected) => {
    expect(describeReference(e, names)).toBe(expected);
  });
});

describe("who made an entry", () => {
  it("is the person's name where the workspace knows it, else the email recorded, else nobody", () => {
    expect(whoOf(entry("sign-in", {}, { userId: "u1", userEmail: "old@example.com" }), names)).toBe("Camila Martinez");
    expect(whoOf(entry("sign-in", {}, { userId: "u2", userEmail: "nameless@example.com" }), names)).toBe(
      "nameless@example.com",
    );
    expect(whoOf(entry("sign-in", {}, { userId: "u9", userEmail: "gone@example.com" }), names)).toBe(
      "gone@example.com",
    );
    expect(whoOf(entry("sign-in", {}, { userId: "u1", userEmail: "camila@example.com" }), NO_NAMES)).toBe(
      "camila@example.com",
    );
    expect(whoOf(entry("connect", {}, { keyLabel: "Demo key" }), names)).toBeUndefined();
  });
});
