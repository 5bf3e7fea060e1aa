import type { defaultStatements } from "better-auth/plugins/organization/access";
import type { OperationId } from "@/lib/data-api/registry";

/**
 * What a person may do in a workspace, by role: the one statement list (better-auth's access control), read by the
 * server (the proxy refuses a write the role may not make; better-auth's organization endpoints check members,
 * invitations and the workspace itself) and by the pages (they hide what the role may not do).
 *
 * | Role | Read and export | Allocate payments | Purchase orders and plan drafts | Visit notes | Books' mapping, marked exports | Shared menus | Credit limits | Keys | Members | Audit trail |
 * |---|---|---|---|---|---|---|---|---|---|---|
 * | owner | yes | yes | yes | write | yes | make, revoke | set | manage | manage (incl. owners) | yes |
 * | admin | yes | yes | yes | write | yes | make, revoke | set | manage | manage (not owners) | yes |
 * | accounts | yes | yes | no | write | yes | see | set | no | no | yes |
 * | purchasing | yes | no | yes | write | no | see | see | no | no | own entries |
 * | viewer | yes | no | no | read | no | see | see | no | no | no |
 *
 * "Not owners": better-auth's organization plugin keeps an admin from changing or removing an owner and from making
 * one, and the last owner from leaving or being demoted (its `creatorRole` rules). The key's type still caps all of
 * it: a Supplier key cannot allocate a payment whoever holds it (the Data API refuses, and the pages say so). Visit
 * notes are Backroom's own (`lib/server/notes/`): every member reads them, `notes: ["write"]` writes them (and deletes
 * one's own within the day).
 *
 * Plain data, read here by `may` with no library: the pages' first load carries the table and nothing of better-auth
 * (its access control and error codes were 3 kB of every page). `access-control.ts` makes better-auth's roles of the
 * same grants, for the server and the account pages' client, and a test holds the two to the same answers.
 */
export const OWN_STATEMENTS = {
  payments: ["allocate"],
  purchases: ["write"],
  notes: ["write"],
  keys: ["manage"],
  audit: ["read", "read-own"],
  accounting: ["manage"],
  menus: ["manage"],
  credit: ["set"],
} as const;

/** better-auth's organization statements (organization, member, invitation, team, ac) and Backroom's own. */
export type Statements = typeof defaultStatements & typeof OWN_STATEMENTS;

export type Permission = { [R in keyof Statements]?: readonly Statements[R][number][] };

const manageWorkspace = {
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  keys: ["manage"],
  audit: ["read"],
  payments: ["allocate"],
  purchases: ["write"],
  notes: ["write"],
  accounting: ["manage"],
  menus: ["manage"],
  credit: ["set"],
} as const;

/** What each role is granted: every action of a statement it names, and nothing else. */
export const GRANTS = {
  owner: { ...manageWorkspace, organization: ["update", "delete"] },
  admin: { ...manageWorkspace, organization: ["update"] },
  accounts: { payments: ["allocate"], notes: ["write"], audit: ["read"], accounting: ["manage"], credit: ["set"] },
  purchasing: { purchases: ["write"], notes: ["write"], audit: ["read-own"] },
  viewer: {},
} as const satisfies Record<string, Permission>;

export type RoleName = keyof typeof GRANTS;
export const ROLE_NAMES = Object.keys(GRANTS) as RoleName[];

/** How each role is named and described where people choose one (the Members page, an invitation). */
export const ROLE_LABELS: Record<RoleName, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, including other owners and the workspace itself." },
  admin: { label: "Admin", description: "Everything but owners: keys, members, payments, purchase orders." },
  accounts: {
    label: "Accounts",
    description:
      "Reads and exports, allocates payments, maps and marks the books' exports, writes notes, sees the audit trail.",
  },
  purchasing: {
    label: "Purchasing",
    description: "Reads and exports, drafts and submits purchase orders, writes notes, sees their own audit entries.",
  },
  viewer: { label: "Viewer", description: "Reads and exports only." },
};

/**
 * A member's role as stored or sent: exactly one of the five names, or undefined. better-auth would read "admin, owner"
 * as two roles; Backroom reads it as none, so a member can never hold more than the one role they were given.
 *
 * @example
 * parseRole("accounts"); // "accounts"
 * parseRole("admin, owner"); // undefined
 */
export function parseRole(role: unknown): RoleName | undefined {
  return typeof role === "string" && isRole(role) ? role : undefined;
}

/**
 * Whether a role grants a permission: the one table (`GRANTS`) the proxy, the route handlers and the pages read.
 *
 * @example
 * may("accounts", { payments: ["allocate"] }); // true
 * may("viewer", { purchases: ["write"] }); // false
 * may("admin,owner", { organization: ["delete"] }); // false: not a role
 */
export function may(role: string | null | undefined, permission: Permission): boolean {
  const parsed = parseRole(role);
  return parsed !== undefined && grants(GRANTS[parsed], permission);
}

/** Every action the permission asks of every statement is granted (better-auth's `authorize` with its "AND"). */
function grants(granted: Permission, permission: Permission): boolean {
  return Object.entries(permission).every(([statement, actions]) => {
    const allowed: readonly string[] = granted[statement as keyof Permission] ?? [];
    return (actions ?? []).every((action) => allowed.includes(action));
  });
}

export function isRole(name: string): name is RoleName {
  return Object.hasOwn(GRANTS, name);
}

/** The permission each write operation of the Data API needs, by operation; reads need none beyond membership. */
export const WRITE_PERMISSIONS: Partial<Record<OperationId, Permission>> = {
  createPaymentApplication: { payments: ["allocate"] },
  createPurchase: { purchases: ["write"] },
  validatePurchase: { purchases: ["write"] },
  updatePurchase: { purchases: ["write"] },
  deletePurchase: { purchases: ["write"] },
  submitPurchase: { purchases: ["write"] },
};

/**
 * Whether a role may make an operation of the Data API: every read, and the writes its permissions allow. An unknown
 * write (one the table above lacks) is refused.
 *
 * @example
 * mayCall("viewer", "listInvoices", "GET"); // true
 * mayCall("purchasing", "createPaymentApplication", "POST"); // false
 */
export function mayCall(role: string | null | undefined, operation: OperationId, method: string): boolean {
  if (method === "GET") return isMember(role);
  const permission = WRITE_PERMISSIONS[operation];
  return permission !== undefined && may(role, permission);
}

function isMember(role: string | null | undefined): boolean {
  return parseRole(role) !== undefined;
}
