import { describe, expect, it } from "vitest";
import type { CollectedView } from "@/lib/domain/credit/view";
import { withReadAgain } from "./collected-query";

const record = (id: string, over: Partial<CollectedView> = {}): CollectedView => ({
  id,
  arAccountId: 50001,
  customerId: 20001,
  amount: "120.50",
  method: "check",
  reference: "10041",
  deliveryDate: "2026-11-30",
  recordedAt: "2026-11-29T12:00:00.000Z",
  recordedBy: "Demo staff",
  status: "waiting",
  payment: null,
  matchedAt: null,
  dueBy: "2026-12-04",
  photo: null,
  ...over,
});
const PHOTO = { href: "/api/collections/50001/collected/a/photos/p1", type: "image/png", bytes: 68 };

describe("withReadAgain", () => {
  it("takes each record as read again: its match", () => {
    const matched = record("a", { status: "matched", matchedAt: "2026-11-29T13:00:00.000Z" });
    expect(withReadAgain([record("a")], [matched], "2026-11-30")).toEqual([matched]);
  });

  it("keeps the photo this phone sent when the read left before it", () => {
    const merged = withReadAgain([record("a", { photo: PHOTO })], [record("a", { status: "matched" })], "2026-11-30");
    expect(merged).toEqual([record("a", { status: "matched", photo: PHOTO })]);
  });

  it("adds the read's records of the same delivery, not another's, and keeps those it did not return", () => {
    const merged = withReadAgain(
      [record("a")],
      [record("b"), record("c", { deliveryDate: "2026-12-01" })],
      "2026-11-30",
    );
    expect(merged.map((r) => r.id)).toEqual(["a", "b"]);
  });
});
