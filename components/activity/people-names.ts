import type { AuditEntry } from "@/lib/audit/audit-types";
import type { MemberRow } from "@/lib/session/members-view";

/**
 * The names of the workspace's people, for the Activity page: the audit trail records who by their id and email at
 * the time (`GET /api/activity`), the members' list (`GET /api/members`) knows their names now. A person who has left
 * has no name here: their email stands.
 */
export interface PeopleNames {
  byUserId: ReadonlyMap<string, string>;
  /** By email, lower-cased: a reference names a person by email (the invited, the member whose role changed). */
  byEmail: ReadonlyMap<string, string>;
}

/** No names known (the members' list not read, or not readable): every person by their email. */
export const NO_NAMES: PeopleNames = { byUserId: new Map(), byEmail: new Map() };

/**
 * The names of some members (a blank name is none).
 *
 * @example
 * peopleNames([{ userId: "u1", name: "Ana Ruiz", email: "ana@example.com" }]).byUserId.get("u1"); // "Ana Ruiz"
 */
export function peopleNames(members: readonly Pick<MemberRow, "userId" | "name" | "email">[]): PeopleNames {
  const named = members.filter((m) => m.name?.trim());
  return {
    byUserId: new Map(named.map((m) => [m.userId, m.name.trim()])),
    byEmail: new Map(named.map((m) => [m.email.toLowerCase(), m.name.trim()])),
  };
}

/**
 * A person named by email, by name where the workspace knows it.
 *
 * @example
 * personByEmail("ana@example.com", names); // "Ana Ruiz"
 * personByEmail("gone@example.com", names); // "gone@example.com"
 */
export function personByEmail(email: string, names: PeopleNames): string {
  return names.byEmail.get(email.toLowerCase()) ?? email;
}

/**
 * Who made an entry, in words: the person's name where the workspace knows it, else the email recorded then, else
 * (before accounts) the key's label; undefined when none is known.
 *
 * @example
 * whoOf({ userId: "u1", userEmail: "ana@example.com", keyLabel: null }, names); // "Ana Ruiz"
 */
export function whoOf(
  entry: Pick<AuditEntry, "userId" | "userEmail" | "keyLabel">,
  names: PeopleNames,
): string | undefined {
  const byId = entry.userId ? names.byUserId.get(entry.userId) : undefined;
  if (byId) return byId;
  if (entry.userEmail) return personByEmail(entry.userEmail, names);
  return undefined;
}
