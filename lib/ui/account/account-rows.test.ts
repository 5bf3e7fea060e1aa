import { describe, expect, it } from "vitest";
import { passkeyRows, sessionRows, totpSecret } from "./account-rows";

describe("sessionRows", () => {
  const sessions = [
    {
      id: "old",
      token: "t1",
      userAgent: "curl/8",
      ipAddress: "10.0.0.1",
      updatedAt: new Date("2026-11-20T10:00:00Z"),
      createdAt: "2026-11-19T10:00:00.000Z",
    },
    {
      id: "new",
      token: "t2",
      userAgent: null,
      updatedAt: "2026-11-23T10:00:00.000Z",
      createdAt: new Date("2026-11-23T09:00:00Z"),
    },
    {
      id: "this",
      token: "t3",
      userAgent: "Chrome",
      updatedAt: new Date("2026-11-21T10:00:00Z"),
      createdAt: new Date("2026-11-21T09:00:00Z"),
    },
  ];

  it("puts this session first, then the most recently used, dates as ISO text", () => {
    const rows = sessionRows(sessions, "this");
    expect(rows.map((r) => r.id)).toEqual(["this", "new", "old"]);
    expect(rows[0]).toMatchObject({ current: true, lastActiveAt: "2026-11-21T10:00:00.000Z" });
    expect(rows[2]).toMatchObject({ current: false, ipAddress: "10.0.0.1", createdAt: "2026-11-19T10:00:00.000Z" });
  });

  it("never carries a session's token", () => {
    expect(JSON.stringify(sessionRows(sessions, undefined))).not.toMatch(/t[123]"/);
  });
});

describe("passkeyRows", () => {
  it("lists passkeys oldest first, a missing name as null", () => {
    const rows = passkeyRows([
      { id: "b", name: "Laptop", createdAt: "2026-11-22T00:00:00.000Z" },
      { id: "a", createdAt: new Date("2026-11-21T00:00:00Z") },
    ]);
    expect(rows).toEqual([
      { id: "a", name: null, createdAt: "2026-11-21T00:00:00.000Z" },
      { id: "b", name: "Laptop", createdAt: "2026-11-22T00:00:00.000Z" },
    ]);
  });
});

describe("totpSecret", () => {
  it("reads the secret of an otpauth URI in groups of four", () => {
    expect(totpSecret("otpauth://totp/Backroom:ann%40example.com?secret=JBSWY3DPEHPK3PXPQ&issuer=Backroom")).toBe(
      "JBSW Y3DP EHPK 3PXP Q",
    );
    expect(totpSecret("not a uri")).toBeUndefined();
    expect(totpSecret("otpauth://totp/x?issuer=Backroom")).toBeUndefined();
  });
});
