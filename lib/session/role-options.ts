import { may, parseRole, ROLE_LABELS, ROLE_NAMES, type RoleName } from "./roles";

/** A role as a choice in a select: the Members page's role of a member, an invitation's role. */
export interface RoleOption {
  value: RoleName;
  label: string;
  description: string;
  /** Offered but not choosable by this person (an admin cannot make an owner). */
  disabled: boolean;
}

/** What the Members page offers for one member, and why not where it offers nothing. */
export interface MemberChoices {
  /** The member's role as the select shows it (their first of Backroom's roles). */
  role: RoleName;
  options: RoleOption[];
  /** Whether the role select can be used at all. */
  canChangeRole: boolean;
  canRemove: boolean;
  /** Why the role or the removal is not possible, in words: shown beside the row's controls. */
  note?: string;
}

export const ONLY_OWNERS_MAKE_OWNERS = "Only owners make or change owners.";
export const LAST_OWNER_STAYS = "The last owner stays owner: make another member owner first.";
export const LEAVE_ON_WORKSPACE_PAGE = "To leave, use Leave the workspace on the Workspace page.";

/** Whether a role is owner (exactly: "admin, owner" is no role at all). */
export function isOwner(role: string | null | undefined): boolean {
  return parseRole(role) === "owner";
}

/**
 * The roles a person may give, as select options: every role, owner disabled unless the person is an owner (better-auth
 * refuses an admin's owner too; the page says why).
 *
 * @example
 * roleOptions("admin").find((o) => o.value === "owner")?.disabled; // true
 */
export function roleOptions(myRole: string | null | undefined): RoleOption[] {
  const owner = isOwner(myRole);
  return ROLE_NAMES.map((value) => ({ value, ...ROLE_LABELS[value], disabled: value === "owner" && !owner }));
}

/**
 * What a person may do to one member on the Members page: change their role (owners only for owners; the last owner
 * stays owner) and remove them (owners and admins, never an owner by an admin, never themselves: they leave instead).
 *
 * @example
 * memberChoices({ myRole: "admin", myUserId: "u1", member: { userId: "u2", role: "owner" }, ownerCount: 2 }).note;
 * // "Only owners make or change owners."
 */
export function memberChoices(input: {
  myRole: string | null | undefined;
  myUserId: string;
  member: { userId: string; role: string };
  ownerCount: number;
}): MemberChoices {
  const { myRole, myUserId, member, ownerCount } = input;
  const role = parseRole(member.role) ?? "viewer";
  const options = roleOptions(myRole);
  const self = member.userId === myUserId;
  const mayUpdate = may(myRole, { member: ["update"] });
  const mayDelete = may(myRole, { member: ["delete"] });
  if (!mayUpdate) return { role, options, canChangeRole: false, canRemove: false };
  if (isOwner(member.role) && !isOwner(myRole))
    return { role, options, canChangeRole: false, canRemove: false, note: ONLY_OWNERS_MAKE_OWNERS };
  if (isOwner(member.role) && ownerCount <= 1) {
    // The last owner keeps owner: the other roles are shown but cannot be chosen.
    const kept = options.map((o) => ({ ...o, disabled: o.value !== "owner" }));
    return { role, options: kept, canChangeRole: false, canRemove: false, note: LAST_OWNER_STAYS };
  }
  return {
    role,
    options,
    canChangeRole: true,
    canRemove: mayDelete && !self,
    ...(self ? { note: LEAVE_ON_WORKSPACE_PAGE } : {}),
  };
}

/** A role in words ("Owner"); anything that is not one of the five names is shown as it is. */
export function roleWords(role: string | null | undefined): string {
  const parsed = parseRole(role);
  return parsed ? ROLE_LABELS[parsed].label : (role ?? "");
}

/**
 * Whether a person with `myRole` may give `to` to a member (as `memberChoices` offers it), or to someone invited
 * (`member` undefined): the rule the Members page shows and the members' routes enforce.
 *
 * @example
 * mayGiveRole({ myRole: "admin", myUserId: "u1", to: "owner" }); // false: only owners make owners
 */
export function mayGiveRole(input: {
  myRole: string | null | undefined;
  myUserId: string;
  to: RoleName;
  member?: { userId: string; role: string };
  ownerCount?: number;
}): boolean {
  if (!input.member) {
    return (
      may(input.myRole, { invitation: ["create"] }) &&
      !roleOptions(input.myRole).find((o) => o.value === input.to)?.disabled
    );
  }
  const choices = memberChoices({ ...input, member: input.member, ownerCount: input.ownerCount ?? 0 });
  return choices.canChangeRole && !choices.options.find((o) => o.value === input.to)?.disabled;
}
