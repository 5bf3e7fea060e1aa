import { describe, expect, it } from "vitest";
import {
  LAST_OWNER_STAYS,
  LEAVE_ON_WORKSPACE_PAGE,
  memberChoices,
  ONLY_OWNERS_MAKE_OWNERS,
  roleOptions,
  roleWords,
} from "./role-options";

const disabled = (options: { value: string; disabled: boolean }[]) =>
  options.filter((o) => o.disabled).map((o) => o.value);

describe("roleOptions", () => {
  it("offers every role in order, owner choosable by owners only", () => {
    expect(roleOptions("owner").map((o) => o.value)).toEqual(["owner", "admin", "accounts", "purchasing", "viewer"]);
    expect(disabled(roleOptions("owner"))).toEqual([]);
    expect(disabled(roleOptions("admin"))).toEqual(["owner"]);
    expect(roleOptions("admin")[1]).toMatchObject({ label: "Admin", disabled: false });
  });
});

describe("memberChoices", () => {
  const base = { myUserId: "me", ownerCount: 2 };
  it("lets an admin change and remove a viewer, not an owner", () => {
    const viewer = memberChoices({ ...base, myRole: "admin", member: { userId: "u2", role: "viewer" } });
    expect(viewer).toMatchObject({ role: "viewer", canChangeRole: true, canRemove: true });
    expect(viewer.note).toBeUndefined();
    expect(memberChoices({ ...base, myRole: "admin", member: { userId: "u3", role: "owner" } })).toMatchObject({
      canChangeRole: false,
      canRemove: false,
      note: ONLY_OWNERS_MAKE_OWNERS,
    });
  });

  it("lets an owner change another owner while another owner remains", () => {
    expect(memberChoices({ ...base, myRole: "owner", member: { userId: "u3", role: "owner" } })).toMatchObject({
      canChangeRole: true,
      canRemove: true,
    });
  });

  it("keeps the last owner owner, and sends a person who would remove themselves to Leave", () => {
    const last = memberChoices({
      myUserId: "me",
      ownerCount: 1,
      myRole: "owner",
      member: { userId: "me", role: "owner" },
    });
    expect(last).toMatchObject({ canChangeRole: false, canRemove: false, note: LAST_OWNER_STAYS });
    expect(disabled(last.options)).toEqual(["admin", "accounts", "purchasing", "viewer"]);
    expect(memberChoices({ ...base, myRole: "admin", member: { userId: "me", role: "admin" } })).toMatchObject({
      canChangeRole: true,
      canRemove: false,
      note: LEAVE_ON_WORKSPACE_PAGE,
    });
  });

  it("offers nothing to roles that do not manage members", () => {
    for (const myRole of ["accounts", "purchasing", "viewer", null]) {
      expect(memberChoices({ ...base, myRole, member: { userId: "u2", role: "viewer" } })).toMatchObject({
        canChangeRole: false,
        canRemove: false,
      });
    }
  });
});

describe("roleWords", () => {
  it("names each role, and shows anything else as it is (two roles in one are no role)", () => {
    expect(roleWords("owner")).toBe("Owner");
    expect(roleWords("accounts,purchasing")).toBe("accounts,purchasing");
  });
});
