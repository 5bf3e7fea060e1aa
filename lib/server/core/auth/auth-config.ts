import "server-only";
import type { Kysely } from "kysely";
import type { AuditTrail } from "../audit/audit-trail";
import type { ConnectThrottle } from "../connect-throttle";
import type { BackroomDatabase } from "../db/schema";
import { publicOrigin } from "../public-origin";
import type { SharedStore } from "../shared/shared-store";
import type { AuthEvents } from "./events";
import type { Mailer } from "./mailer";

/**
 * The OpenID Connect provider's id in better-auth's generic OAuth. Its redirect URI, to register with the provider:
 * `{PUBLIC_URL}/api/auth/callback/oidc` (better-auth 1.7 calls generic providers back as social ones).
 */
export const OIDC_PROVIDER_ID = "oidc";
/** An invitation to a workspace is good for a week. */
export const INVITATION_DAYS = 7;

/** What Backroom's better-auth is made of: its database, secrets, store, mail and the rest it tells of. */
export interface AuthConfig {
  db: Kysely<BackroomDatabase>;
  dialect: "sqlite" | "postgres";
  /** SESSION_SECRET and SESSION_SECRET_PREVIOUS (newest first): better-auth's secrets are derived from them. */
  secrets: { current: string; previous?: string[] };
  /** Sessions (mirrored from the database) and rate-limit counters: the shared store, through its local fallback. */
  store: SharedStore;
  mailer: Mailer;
  /** `PUBLIC_URL`; unset: each request's own address, for the loopback hosts on `port` only. */
  publicUrl?: string;
  /** `PORT`, the port the server listens on: without `publicUrl`, the one origin trusted is loopback on this port. */
  port: number;
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  /** A session ends after this long without a request, and this long after it began (enforced by `actor.ts`). */
  idleSeconds: number;
  /** Told of what better-auth does that Backroom must spread to every instance (`actor.ts`). */
  events?: AuthEvents;
  /** Where sign-ins, sign-outs, invitations and role changes are recorded (`auth-hooks.ts`). */
  audit?: AuditTrail;
  /** Failed sign-ins make the address and the account wait (the connect throttle's limiter). */
  throttle?: ConnectThrottle;
  /**
   * Argon2id's cost (memory in KiB, passes): @node-rs/argon2's defaults (19 MiB, 2: OWASP's) unless given. The unit
   * tests give the least, since they sign up thousands of people and measure nothing of the hash's strength.
   */
  passwordCost?: { memoryCost: number; timeCost: number };
}

/**
 * Backroom's own address for a link in a mail: PUBLIC_URL, or without it the address the request came to (only a
 * loopback host on the listening port gets this far: better-auth refuses any other without PUBLIC_URL, so a forged
 * Host names no other site).
 *
 * @example
 * siteOf(config, request); // "https://backroom.example.com"
 */
export function siteOf(config: AuthConfig, request: Request | undefined): string {
  return config.publicUrl ?? (request ? publicOrigin(request) : "");
}
