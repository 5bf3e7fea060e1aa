import { getMigrations } from "better-auth/db/migration";
import { describe, expect, it } from "vitest";
import { databaseProfiles } from "../db/testing";
import { authOptions } from "./auth";
import { testAuthConfig } from "./testing";

// Backroom's migration 003 writes better-auth's tables out (lib/server/core/db/migration-accounts.ts); better-auth's own
// migration planner, given Backroom's options (every plugin, single sign-on on), must then find nothing to do.
describe.each(databaseProfiles())("better-auth's tables on $name", ({ open }) => {
  it("are what better-auth expects: nothing to create, nothing to add", async () => {
    const database = await open();
    try {
      const oidc = { issuer: "http://127.0.0.1:1/oidc", clientId: "backroom", clientSecret: "secret", name: "SSO" };
      const plan = await getMigrations(authOptions(testAuthConfig(database, { oidc })));
      expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
      expect(plan.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(", ")}`)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("would all be created on an empty database (the planner is looking at this database)", async () => {
    const database = await open({ migrated: false });
    try {
      const plan = await getMigrations(authOptions(testAuthConfig(database)));
      expect(plan.toBeCreated.map((t) => t.table).sort()).toEqual([
        "auth_account",
        "auth_invitation",
        "auth_member",
        "auth_organization",
        "auth_passkey",
        "auth_session",
        "auth_two_factor",
        "auth_user",
        "auth_verification",
      ]);
    } finally {
      await database.close();
    }
  });
});
