import { describe, expect, it } from "vitest";
import { inactiveToName, type NameLookup, NOT_YET, requestedBy, usersToName, withInactive } from "./requested-by";

const lookup = <T>(names: [number, T][], covered: number[] = names.map(([id]) => id)): NameLookup<T> => ({
  names: new Map(names),
  covered: new Set(covered),
});

// 5001 sent from Backroom by Ana; 5002 through the API by the key's ERP user (9), not from Backroom; an allocation made
// in the ERP by a clerk (4021) the key cannot read; 5003 just sent, not yet looked up.
const fromBackroom = { RequestID: 5001, RequestedByUserID: 9 };
const fromTheApi = { RequestID: 5002, RequestedByUserID: 9 };
const inTheErp = { RequestID: null, RequestedByUserID: 4021 };
const justSent = { RequestID: 5003, RequestedByUserID: 9 };
const sent = lookup<string | null>([[5001, "Ana Ruiz"]], [5001, 5002]);
const users = lookup([[9, "Jo Buyer"]], [9, 4021]);

describe("requestedBy", () => {
  it("names the Backroom person of a request sent from Backroom, whoever the ERP says its user was", () => {
    expect(requestedBy(fromBackroom, sent, NOT_YET)).toEqual({ kind: "backroom", name: "Ana Ruiz" });
    expect(requestedBy(fromBackroom, lookup<string | null>([[5001, null]]), NOT_YET)).toEqual({
      kind: "backroom",
      name: null,
    });
  });

  it("names the ERP user otherwise: by name when the key can read them, by id alone when it cannot", () => {
    expect(requestedBy(fromTheApi, sent, users)).toEqual({ kind: "erp", userId: 9, name: "Jo Buyer" });
    expect(requestedBy(inTheErp, sent, users)).toEqual({ kind: "erp", userId: 4021, name: undefined });
    expect(requestedBy({ RequestID: null, RequestedByUserID: null }, sent, users)).toEqual({ kind: "missing" });
  });

  it("waits rather than show one name and then another: a request Backroom has not answered for, a user not yet named", () => {
    expect(requestedBy(justSent, sent, users)).toEqual({ kind: "pending" });
    expect(requestedBy(fromTheApi, NOT_YET, users)).toEqual({ kind: "pending" });
    expect(requestedBy(inTheErp, sent, NOT_YET)).toEqual({ kind: "pending" });
  });
});

describe("usersToName", () => {
  it("asks for the ERP users of what Backroom did not send, not for those it did", () => {
    expect(usersToName([fromBackroom, inTheErp], sent)).toEqual([4021]);
    expect(usersToName([fromBackroom, fromTheApi, inTheErp], sent)).toEqual([9, 4021]);
  });

  it("leaves out a request not yet looked up, so a send does not change what is asked", () => {
    expect(usersToName([fromBackroom, inTheErp, justSent], sent)).toEqual([4021]);
    // Nothing from the API before Backroom has answered, but the ERP's own allocations.
    expect(usersToName([fromBackroom, inTheErp], NOT_YET)).toEqual([4021]);
  });
});

describe("a requester the ERP names, among the inactive users", () => {
  // 5004 through the API by a store's buyer (12) who has left: /users (active users by default) does not list them,
  // /users?Active=false does. The ERP clerk (4021) of an allocation made in the ERP no store's key can read; an Employee
  // key can, but not by default once the clerk has left.
  const byALeaver = { RequestID: 5004, RequestedByUserID: 12 };
  const rows = [fromBackroom, fromTheApi, inTheErp, byALeaver];
  const sent = lookup<string | null>([[5001, "Ana Ruiz"]], [5001, 5002, 5004]);
  const first = lookup([[9, "Jo Buyer"]], [9, 12, 4021]);

  it("asks again for who was not named: a store's or a brand's key its own buyers alone, an Employee key the clerks too", () => {
    expect(inactiveToName(rows, sent, first, "Customer")).toEqual([12]);
    expect(inactiveToName(rows, sent, first, "Supplier")).toEqual([12]);
    expect(inactiveToName(rows, sent, first, "Employee")).toEqual([12, 4021]);
    expect(inactiveToName(rows, sent, NOT_YET, "Customer")).toEqual([]);
  });

  it("names an ERP clerk who has left, for an Employee key, once /users?Active=false knows the UserID", () => {
    const users = withInactive(first, [12, 4021], new Map([[4021, "Camila Martinez"]]));
    expect(requestedBy(inTheErp, sent, users)).toEqual({ kind: "erp", userId: 4021, name: "Camila Martinez" });
    expect(requestedBy(byALeaver, sent, users)).toEqual({ kind: "erp", userId: 12, name: undefined });
  });

  it.each<[string, ReadonlyMap<number, string> | "failed" | undefined, ReturnType<typeof requestedBy>]>([
    ["waits for the second answer rather than show an id and then a name", undefined, { kind: "pending" }],
    [
      "names them when /users knows the UserID",
      new Map([[12, "Camila Martinez"]]),
      { kind: "erp", userId: 12, name: "Camila Martinez" },
    ],
    ["by id alone when it does not, or cannot be read", "failed", { kind: "erp", userId: 12, name: undefined }],
  ])("%s", (_, answer, expected) => {
    const users = withInactive(first, [12], answer);
    expect(requestedBy(byALeaver, sent, users)).toEqual(expected);
    // The others are as the first answer had them.
    expect(requestedBy(fromTheApi, sent, users)).toEqual({ kind: "erp", userId: 9, name: "Jo Buyer" });
    expect(requestedBy(inTheErp, sent, users)).toEqual({ kind: "erp", userId: 4021, name: undefined });
  });
});
