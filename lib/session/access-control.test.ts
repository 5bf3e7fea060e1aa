import { defaultStatements } from "better-auth/plugins/organization/access";
import { describe, expect, it } from "vitest";
import { ROLES } from "./access-control";
import { may, OWN_STATEMENTS, type Permission, ROLE_NAMES } from "./roles";

describe("access control", () => {
  // The pages ask `may` (plain data); better-auth's organization plugin asks its roles: both must say the same.
  it("answers as roles.ts does for every role and every action of every statement", () => {
    const statements: Record<string, readonly string[]> = { ...defaultStatements, ...OWN_STATEMENTS };
    const asked = Object.entries(statements).flatMap(([statement, actions]) =>
      actions.map((action) => ({ [statement]: [action] }) as Permission),
    );
    // And a request of several actions at once, one granted and one not for some roles.
    asked.push({ organization: ["update", "delete"] }, { payments: ["allocate"], purchases: ["write"] });
    for (const role of ROLE_NAMES) {
      for (const permission of asked) {
        expect(ROLES[role].authorize(permission as never).success, `${role} ${JSON.stringify(permission)}`).toBe(
          may(role, permission),
        );
      }
    }
    // The table grants something, so agreement is not everyone refusing everything.
    expect(asked.filter((permission) => may("admin", permission)).length).toBeGreaterThan(5);
  });
});
