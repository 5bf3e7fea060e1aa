import "server-only";

/** What better-auth tells Backroom as it happens. */
export interface AuthEvents {
  /** A session ended (sign-out, sign-out everywhere, a password reset) or changed (its active workspace). */
  sessionChanged?(token: string): Promise<void>;
  /** A member's role changed, or a member left or was removed: their requests are looked at again on every instance. */
  membershipChanged?(change: {
    workspaceId: string;
    userId: string;
    kind: "role" | "removed" | "left";
    role?: string;
    by?: string;
  }): Promise<void>;
  /** A workspace's settings changed (its name, whether it requires two factors). */
  workspaceChanged?(workspaceId: string): Promise<void>;
}
