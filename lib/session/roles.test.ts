import { describe, expect, it } from "vitest";
import { operations, type OperationId } from "@/lib/data-api/registry";
import { may, mayCall, parseRole, ROLE_NAMES, WRITE_PERMISSIONS } from "./roles";

const WRITES = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].method !== "GET");

describe("roles", () => {
  it("names a permission for every write operation of the registry", () => {
    expect(WRITES.filter((id) => !WRITE_PERMISSIONS[id])).toEqual([]);
  });

  // The role table, row by row.
  it.each([
    ["owner", { allocate: true, purchase: true, notes: true, keys: true, members: true, audit: true, ownAudit: false }],
    ["admin", { allocate: true, purchase: true, notes: true, keys: true, members: true, audit: true, ownAudit: false }],
    [
      "accounts",
      { allocate: true, purchase: false, notes: true, keys: false, members: false, audit: true, ownAudit: false },
    ],
    [
      "purchasing",
      { allocate: false, purchase: true, notes: true, keys: false, members: false, audit: false, ownAudit: true },
    ],
    [
      "viewer",
      { allocate: false, purchase: false, notes: false, keys: false, members: false, audit: false, ownAudit: false },
    ],
  ] as const)("%s may: %j", (role, allowed) => {
    expect({
      allocate: may(role, { payments: ["allocate"] }),
      purchase: may(role, { purchases: ["write"] }),
      notes: may(role, { notes: ["write"] }),
      keys: may(role, { keys: ["manage"] }),
      members: may(role, { member: ["create", "update", "delete"], invitation: ["create", "cancel"] }),
      audit: may(role, { audit: ["read"] }),
      ownAudit: may(role, { audit: ["read-own"] }),
    }).toEqual(allowed);
  });

  it("lets every role read, and each write only the roles the table names", () => {
    for (const role of ROLE_NAMES) expect(mayCall(role, "listInvoices", "GET")).toBe(true);
    const allowedFor = (id: OperationId) => ROLE_NAMES.filter((role) => mayCall(role, id, operations[id].method));
    expect(allowedFor("createPaymentApplication")).toEqual(["owner", "admin", "accounts"]);
    for (const id of WRITES.filter((w) => w !== "createPaymentApplication"))
      expect(allowedFor(id), id).toEqual(["owner", "admin", "purchasing"]);
  });

  it("reads a role as exactly one of the five names: two roles in one (better-auth's commas) grant nothing, nor an unknown role or none", () => {
    for (const twoInOne of ["viewer,accounts", "admin, owner", "admin,owner", " owner", "owner ", "Owner"]) {
      expect(may(twoInOne, { payments: ["allocate"] }), twoInOne).toBe(false);
      expect(mayCall(twoInOne, "listInvoices", "GET"), twoInOne).toBe(false);
      expect(parseRole(twoInOne), twoInOne).toBeUndefined();
    }
    for (const role of ROLE_NAMES) expect(parseRole(role)).toBe(role);
    expect(may("superuser", { payments: ["allocate"] })).toBe(false);
    expect(mayCall(undefined, "listInvoices", "GET")).toBe(false);
    expect(mayCall("stranger", "listInvoices", "GET")).toBe(false);
  });
});
