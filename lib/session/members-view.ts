/**
 * The workspace's members as the Members page sees them: the answer of `GET /api/members`
 * (`lib/server/core/members-api.ts` answers it; the page's server shell hands its answer to the page as this type, so the
 * two stay in step at compile time).
 */

/** A member: their role, whether they have two factors, when they were last active, their sales rep link. */
export interface MemberRow {
  memberId: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  joinedAt: string;
  twoFactorEnabled: boolean;
  /** The last time any of their sessions was used (moved at most once a minute), or null. */
  lastActiveAt: string | null;
  /** The sales rep (`/salesReps` UserID) the member is linked to, in a workspace of an Employee key. */
  salesRepUserId: number | null;
}

/** An invitation not yet accepted, declined, cancelled or expired. */
export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
  /** The inviter's email. */
  invitedBy: string;
}

/** `GET /api/members`. */
export interface MembersJson {
  members: MemberRow[];
  /** The pending invitations, to those who may invite (null for the others, who see none). */
  invitations: InvitationRow[] | null;
  /** Whether Backroom sends mail: without, an invitation's link is shown once, to whoever made it. */
  mailDelivers: boolean;
}

/** `POST /api/members/invitations`: the invitation made, and its link where Backroom sends no mail (shown this once). */
export interface InvitationMade {
  invitation: InvitationRow;
  link?: string;
}
