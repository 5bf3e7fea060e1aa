/** One of the person's sessions as the Account page lists it (never its token). */
export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  /** When it was last used (better-auth moves it at most once a minute). */
  lastActiveAt: string;
  createdAt: string;
  /** The session of this very page. */
  current: boolean;
}

/** One of the person's passkeys as the Account page lists it. */
export interface PasskeyRow {
  id: string;
  name: string | null;
  createdAt: string;
}

type When = Date | string | number;
const iso = (value: When) => new Date(value).toISOString();

/**
 * better-auth's sessions (as its server API or its client answers them: dates as Date or text) as the page lists
 * them: the token left out, the current one first, then the most recently used.
 *
 * @example
 * sessionRows([{ id: "s1", token: "…", userAgent: "…", updatedAt: new Date(), createdAt: new Date() }], "s1")[0].current; // true
 */
export function sessionRows(
  sessions: readonly {
    id: string;
    userAgent?: string | null;
    ipAddress?: string | null;
    updatedAt: When;
    createdAt: When;
  }[],
  currentId: string | undefined,
): SessionRow[] {
  return sessions
    .map((s) => ({
      id: s.id,
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      lastActiveAt: iso(s.updatedAt),
      createdAt: iso(s.createdAt),
      current: s.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** better-auth's passkeys as the page lists them, oldest first. */
export function passkeyRows(passkeys: readonly { id: string; name?: string | null; createdAt: When }[]): PasskeyRow[] {
  return passkeys
    .map((p) => ({ id: p.id, name: p.name ?? null, createdAt: iso(p.createdAt) }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The shared secret of an authenticator's `otpauth://` URI, in groups of four for typing it by hand.
 *
 * @example
 * totpSecret("otpauth://totp/Backroom:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Backroom"); // "JBSW Y3DP EHPK 3PXP"
 */
export function totpSecret(uri: string): string | undefined {
  try {
    const secret = new URL(uri).searchParams.get("secret");
    return secret ? (secret.match(/.{1,4}/g) ?? []).join(" ") : undefined;
  } catch {
    return undefined;
  }
}
