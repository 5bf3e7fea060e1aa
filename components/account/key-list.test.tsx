import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SessionKey } from "@/lib/session/session-view";
import { environmentWords, KeyList } from "./key-list";

const KEYS: SessionKey[] = [
  {
    id: "k1",
    keyType: "Supplier",
    environment: "test",
    sandbox: true,
    label: "Brand ops",
    scope: { suppliers: [{ id: 7, name: "Demo brand" }], summary: "1 supplier: Demo brand" },
    hint: "abcd",
    addedAt: "2026-11-20T18:30:00.000Z",
    lastUsedAt: null,
    rateLimit: null,
  },
  {
    id: "k2",
    keyType: "Employee",
    environment: "production",
    sandbox: false,
    label: "Staff",
    scope: { summary: "Every customer and supplier" },
    hint: "wxyz",
    addedAt: "2026-11-21T18:30:00.000Z",
    lastUsedAt: "2026-11-23T22:02:00.000Z",
    rateLimit: null,
  },
];

const html = (canManage: boolean) =>
  renderToString(
    <KeyList
      keys={KEYS}
      activeKeyId="k2"
      canManage={canManage}
      timeZone="America/Los_Angeles"
      removing={undefined}
      onRemove={async () => {}}
    />,
  ).replace(/<!-- -->/g, "");
const rowOf = (text: string, label: string) =>
  text.slice(text.indexOf(label), text.indexOf("</tr>", text.indexOf(label)));

describe("KeyList", () => {
  it("shows each key's label, type, environment, reach, hint and dates, never more of the key", () => {
    const brand = rowOf(html(false), "Brand ops");
    expect(brand).toContain('<td data-label="Type">Supplier</td>');
    expect(brand).toContain("Test (sandbox)");
    expect(brand).toContain("1 supplier: Demo brand");
    expect(brand).toContain("…abcd");
    expect(brand).toContain("Nov 20, 2026, 10:30 AM");
    expect(brand).toContain("Never");
    const staff = rowOf(html(false), "Staff");
    expect(staff).toContain("You work with this one");
    expect(staff).toContain("Nov 23, 2026, 2:02 PM");
  });

  it("offers Remove to owners and admins only", () => {
    expect(html(false)).not.toContain(">Remove<");
    expect(html(true).match(/>Remove</g)).toHaveLength(3);
  });

  it("words an environment", () => {
    expect(environmentWords({ environment: "production", sandbox: false })).toBe("Production");
  });
});
