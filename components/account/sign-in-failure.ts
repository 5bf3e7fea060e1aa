/** An error as better-auth's client answers it. */
export type AuthError = { code?: string; message?: string; status?: number; statusText?: string } | null | undefined;

/** better-auth's error as the person reads it: its message, and how long to wait when it said so. */
export function wordsOf(error: AuthError, fallback: string): string {
  return error?.message || error?.statusText || fallback;
}

/** A second factor's refusal in words: better-auth's "Invalid backup code" does not say that each works once. */
export function codeFailure(error: AuthError, backup: boolean): string {
  if (error?.code === "INVALID_BACKUP_CODE")
    return "That backup code did not sign you in: it is not one of yours, or it was used already (each works once).";
  if (error?.code === "INVALID_CODE")
    return backup
      ? "That code did not sign you in."
      : "That code did not match: type the one your authenticator app shows now.";
  if (error?.code === "INVALID_TWO_FACTOR_COOKIE")
    return "This sign-in took too long: sign in with your password again.";
  return wordsOf(error, "That code did not sign you in.");
}

/**
 * A password sign-in's refusal in words. An address not yet confirmed (only where Backroom sends mail) has been sent a
 * new link by better-auth as it refused: the person is told to open it, not just that the address is "not verified".
 */
export function passwordFailure(error: AuthError, email: string): string {
  if (error?.code === "EMAIL_NOT_VERIFIED")
    return `Confirm your email address first: Backroom has mailed a new link to ${email}. Open it to sign in.`;
  return wordsOf(error, "Those details did not sign you in.");
}
