import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MembersJson } from "@/lib/session/members-view";
import { MembersTable } from "./members-table";

const MEMBERS: MembersJson["members"] = [
  {
    memberId: "m1",
    userId: "u1",
    name: "Olive Owner",
    email: "olive@example.com",
    role: "owner",
    joinedAt: "2026-11-01T17:00:00.000Z",
    twoFactorEnabled: true,
    lastActiveAt: "2026-11-23T22:02:00.000Z",
    salesRepUserId: null,
  },
  {
    memberId: "m2",
    userId: "u2",
    name: "Adam Admin",
    email: "adam@example.com",
    role: "admin",
    joinedAt: "2026-11-02T17:00:00.000Z",
    twoFactorEnabled: false,
    lastActiveAt: null,
    salesRepUserId: 4021,
  },
  {
    memberId: "m3",
    userId: "u3",
    name: "Vera Viewer",
    email: "vera@example.com",
    role: "viewer",
    joinedAt: "2026-11-03T17:00:00.000Z",
    twoFactorEnabled: false,
    lastActiveAt: null,
    salesRepUserId: null,
  },
];

const noop = async () => {};
const html = (me: { userId: string; role: string }, showSalesRep = false) =>
  renderToString(
    <MembersTable
      members={MEMBERS}
      me={me}
      showSalesRep={showSalesRep}
      timeZone="America/Los_Angeles"
      busyMemberId={undefined}
      onRole={noop}
      onRemove={noop}
      onSalesRep={noop}
    />,
  ).replace(/<!-- -->/g, "");

/** The cell of a member's row that holds their role control (the row between their name and the next member's). */
const rowOf = (text: string, name: string) => text.slice(text.indexOf(name), text.indexOf("</tr>", text.indexOf(name)));

describe("MembersTable", () => {
  it("lists each member with two factors, last activity and joining day in the viewer's zone", () => {
    const text = html({ userId: "u3", role: "viewer" });
    expect(text).toContain("olive@example.com");
    expect(rowOf(text, "Olive Owner")).toMatch(/<td[^>]*>On<\/td>/);
    expect(rowOf(text, "Adam Admin")).toContain("Never");
    expect(rowOf(text, "Olive Owner")).toContain("Nov 23, 2026, 2:02 PM");
    expect(rowOf(text, "Olive Owner")).toContain("Nov 1, 2026");
    expect(rowOf(text, "Vera Viewer")).toContain("(you)");
  });

  it("shows a viewer the roles as words, with no controls and no Remove column", () => {
    const text = html({ userId: "u3", role: "viewer" });
    expect(text).not.toContain("<select");
    expect(text).not.toContain(">Remove<");
    expect(rowOf(text, "Adam Admin")).toContain("Admin");
  });

  it("lets an admin change others' roles but not an owner's, and never make an owner", () => {
    const text = html({ userId: "u2", role: "admin" });
    const owner = rowOf(text, "Olive Owner");
    expect(owner).toMatch(/<select[^>]* disabled=""/);
    expect(owner).toContain("Only owners make or change owners.");
    const viewer = rowOf(text, "Vera Viewer");
    expect(viewer).not.toMatch(/<select[^>]* disabled=""/);
    expect(viewer).toMatch(/<option value="owner" disabled="" [^>]*>Owner \(owners only\)<\/option>/);
    expect(viewer).toContain(">Remove<");
    // Themselves: no Remove, and where leaving is.
    expect(rowOf(text, "Adam Admin")).not.toContain(">Remove<");
    expect(rowOf(text, "Adam Admin")).toContain("Leave the workspace on the Workspace page");
  });

  it('names whom each Remove removes (a screen reader\'s list of buttons is not a row of "Remove"s)', () => {
    const text = html({ userId: "u1", role: "owner" });
    expect(rowOf(text, "Adam Admin")).toMatch(/<button[^>]*aria-label="Remove Adam Admin"[^>]*>Remove<\/button>/);
    expect(rowOf(text, "Vera Viewer")).toMatch(/<button[^>]*aria-label="Remove Vera Viewer"[^>]*>Remove<\/button>/);
  });

  it("keeps the last owner owner", () => {
    const owner = rowOf(html({ userId: "u1", role: "owner" }), "Olive Owner");
    expect(owner).toMatch(/<select[^>]* disabled=""/);
    expect(owner).toContain("The last owner stays owner");
  });

  it("has a Sales rep column only where asked (an Employee key), the link editable by managers", () => {
    expect(html({ userId: "u2", role: "admin" })).not.toContain("Sales rep");
    const managed = html({ userId: "u2", role: "admin" }, true);
    expect(managed).toContain('<th scope="col">Sales rep</th>');
    expect(rowOf(managed, "Adam Admin")).toMatch(/<input[^>]*value="4021"/);
    const read = html({ userId: "u3", role: "viewer" }, true);
    expect(rowOf(read, "Adam Admin")).toMatch(/<td[^>]*>4021<\/td>/);
    expect(rowOf(read, "Vera Viewer")).toMatch(/<td[^>]*>—<\/td>/);
  });
});
