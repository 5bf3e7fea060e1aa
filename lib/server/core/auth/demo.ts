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

/** Whether an address is a demo person's. */
export function isDemoPerson(email: string | null | undefined): boolean {
  return typeof email === "string" && email.startsWith("demo-") && email.endsWith(`@${DOMAIN}`);
}

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
