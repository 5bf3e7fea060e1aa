import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";
import { GRANTS, OWN_STATEMENTS, type RoleName } from "./roles";

/**
 * The roles of `roles.ts` as better-auth's access control, for its organization plugin: on the server (`auth.ts`: who
 * may invite, change roles, remove) and in the account pages' client. The dashboard's pages read `roles.ts` alone.
 */
export const accessControl = createAccessControl({ ...defaultStatements, ...OWN_STATEMENTS });

export const ROLES = Object.fromEntries(
  Object.entries(GRANTS).map(([name, grant]) => [name, accessControl.newRole(grant)]),
) as Record<RoleName, ReturnType<typeof accessControl.newRole>>;
