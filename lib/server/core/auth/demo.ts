import "server-only";
import type { Permission } from "@/lib/session/roles";

/**
 * The sandbox's demo people (`POST /api/demo`): one per kind of key and environment, each the owner of a demo workspace
 * holding the sandbox's demo key. Everyone who tries the demo signs in as the same person, so what would change it for
 * the next visitor is fixed: its password, address, second factors, passkeys and sessions; its workspace's keys,
 * members, invitations and settings. Without this, one visitor could lock the demo for everyone (two factors turned on,
 * a workspace requiring them, the key removed) or add a real key to a workspace every visitor opens.
 */

const DOMAIN = "backroom.invalid";

/** The demo person's address. `.invalid` (RFC 2606): no mail can reach it, and no real person has it. */
export function demoEmail(as: "Customer" | "Supplier" | "Employee", environment: string): string {
  return `demo-${as.toLowerCase()}-${environment}@${DOMAIN}`;
}

/** Whether an address is a demo person's (in any case: addresses are compared without it). */
export function isDemoPerson(email: string | null | undefined): boolean {
  const address = typeof email === "string" ? email.trim().toLowerCase() : "";
  return address.startsWith("demo-") && address.endsWith(`@${DOMAIN}`);
}

/**
 * Whether an address is reserved for the demo: the whole of its domain, so nobody signs up, is invited or signs in
 * with single sign-on as a demo person (or as one the demo may add), and the demo's people belong to the demo only.
 */
export function isReservedAddress(email: string | null | undefined): boolean {
  return typeof email === "string" && email.trim().toLowerCase().endsWith(`@${DOMAIN}`);
}

/** What someone giving a reserved address is told. */
export const RESERVED_ADDRESS_DETAIL = `Addresses at ${DOMAIN} belong to Backroom's shared demo: use a person's own address.`;

/** Backroom's own writes that would: managing keys and members. */
export function demoFixedPermission(permission: Permission | undefined): boolean {
  return (
    permission !== undefined &&
    Object.keys(permission).some(
      (statement) =>
        statement === "keys" || statement === "member" || statement === "invitation" || statement === "organization",
    )
  );
}
