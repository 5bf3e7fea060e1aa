/** better-auth's client error, as its calls answer it (`{ data, error }`). */
export interface AuthError {
  code?: string;
  message?: string;
  status?: number;
  statusText?: string;
}

/**
 * Where better-auth's own words would leave a person stuck (a code, "Invitation not found!"), Backroom's; elsewhere the
 * server's message stands. Keyed by better-auth's error codes.
 */
const WORDS: Record<string, string> = {
  INVITATION_NOT_FOUND:
    "This invitation is no longer open: it was accepted, declined or cancelled, or it is more than 7 days old. Ask whoever invited you for a new one.",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    "This invitation was sent to another email address. Sign in with that address, or ask for an invitation to yours.",
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    "Confirm your email address first: open the link in the mail Backroom sent when you created your account, then come back to this invitation.",
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION:
    "Confirm your email address first: open the link in the mail Backroom sent when you created your account, then come back to this invitation.",
  INVITATION_VOID:
    "Whoever invited you may no longer invite to that workspace (they left it, were removed, or their role changed), so the invitation no longer holds. Ask a member who may invite for a new one.",
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION:
    "Whoever invited you is no longer a member of that workspace, so the invitation no longer holds. Ask a member for a new one.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    "You are the last owner: make another member owner before you leave.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
    "The workspace would have no owner: make another member owner first.",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "That person is already a member of this workspace.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    "That address has a pending invitation already: cancel it first to invite again.",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "A workspace with that address exists already. Try again: Backroom picks another.",
  PASSWORD_TOO_SHORT: "The password needs at least 12 characters.",
  PASSWORD_TOO_LONG: "The password can have at most 256 characters.",
  INVALID_PASSWORD: "That is not your current password.",
  INVALID_TOKEN: "This link has expired or was used already. Ask for a new one.",
  SESSION_NOT_FRESH: "This needs a recent sign-in: sign out, sign in again, and try once more.",
  UNAUTHORIZED: "Your session has ended: sign in again, then try once more.",
  FAILED_TO_GET_SESSION: "Your session has ended: sign in again, then try once more.",
  USER_ALREADY_EXISTS: "An account with this email exists already. Sign in, or reset its password.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email exists already. Sign in, or reset its password.",
};

/** better-auth's message for an invitation that is not pending (it has no code). */
const INVITATION_GONE = /^invitation not found/i;

/**
 * A failed better-auth call in words: no answer, too many attempts, the cases above in Backroom's words, else the
 * server's own message (or `fallback`).
 *
 * @example
 * authFailure({ status: 403, code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION" }, "The invitation could not be read.");
 * // "This invitation was sent to another email address. ..."
 */
export function authFailure(error: AuthError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (!error.status) return "Backroom could not be reached. Check your connection and try again.";
  if (error.status === 429) return "Too many attempts. Wait a minute, then try again.";
  const known = error.code ? WORDS[error.code] : undefined;
  if (known) return known;
  if (error.message && INVITATION_GONE.test(error.message)) return WORDS.INVITATION_NOT_FOUND!;
  return error.message || error.statusText || fallback;
}
