// zod's tree-shakable build: the sign-in and key pages carry only the checks they use.
import * as z from "zod/mini";

/**
 * What the browser and the server share about who is signed in: the answer of `GET /api/session`, a workspace key as
 * the pages see it (never the key), and the bodies of adding a key and of the demo's sign-in, one schema each for the
 * form and the route handler.
 */

/** The two environments of the Data API, as a person chooses them. */
export const ENVIRONMENT_CHOICES = [
  { value: "production", label: "Production" },
  { value: "test", label: "Test" },
] as const;

const environment = z.enum(["production", "test"], { error: "Choose Production or Test" });

/** Adding a key to the workspace (owners and admins): `POST /api/keys`. */
export const AddKey = z.strictObject({
  apiKey: z
    .string()
    .check(z.trim(), z.minLength(8, "Enter the whole API key"), z.maxLength(500, "That is too long to be an API key")),
  environment,
  label: z.optional(z.string().check(z.trim(), z.maxLength(200, "At most 200 characters"))),
});
export type AddKey = z.infer<typeof AddKey>;

/**
 * Signing in as one of the sandbox's demo people (`POST /api/demo`): the owner of a demo workspace holding the
 * sandbox's demo key of that kind. The browser names the kind; the server picks the person and the key.
 */
export const DemoSignIn = z.strictObject({
  as: z.enum(["Customer", "Supplier", "Employee"], { error: "Choose a retailer, a brand or distributor staff" }),
  environment,
});
export type DemoSignIn = z.infer<typeof DemoSignIn>;

/**
 * The embedded sandbox's state, as `GET /api/ready` reports it (`checks.sandbox`): `off` where it serves no environment,
 * `preparing` while it opens its databases at the server's start (copying the seed's templates, or seeding them), `ok`
 * once it serves, `unavailable` when its start failed (the next request tries again).
 */
export type SandboxCheck = "ok" | "off" | "preparing" | "unavailable";

/**
 * What an Employee key's insights history covers: the accounts of the sales reps the workspace's members
 * are linked to (the default), or the whole distributor's, every account (a larger backfill in the background, so that
 * staff can look at any supplier). Owners and admins choose on the Keys page (`PATCH /api/keys/{id}`).
 */
export const HISTORY_SCOPES = ["linked-reps", "distributor"] as const;
export type HistoryScope = (typeof HISTORY_SCOPES)[number];

/** Changing a key's settings (owners and admins): `PATCH /api/keys/{id}` (checked by the route: the form offers two radios). */
export interface UpdateKey {
  historyScope: HistoryScope;
}

/** A workspace's key as the pages see it: never the key itself. */
export interface SessionKey {
  id: string;
  keyType: "Employee" | "Customer" | "Supplier";
  environment: "production" | "test";
  sandbox: boolean;
  label: string;
  scope: { customers?: { id: number; name: string }[]; suppliers?: { id: number; name: string }[]; summary: string };
  /** The key's last four characters, to tell keys apart. */
  hint: string;
  addedAt: string;
  lastUsedAt: string | null;
  rateLimit: { limit: number; remaining: number; resetsAt: string; seenAt: string } | null;
  /** An Employee key's: what its insights history covers. */
  historyScope?: HistoryScope;
}

/** A workspace the person belongs to, and their role there. */
export interface WorkspaceChoice {
  id: string;
  name: string;
  slug: string;
  role: string;
}

/** `GET /api/session`: who is signed in, where they work, as what, and with which key. */
export interface SessionView {
  person: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  workspace: { id: string; name: string; slug: string; requireTwoFactor: boolean } | null;
  role: string | null;
  /** The sales rep (`/salesReps` UserID) the person is linked to in this workspace, if any. */
  salesRepUserId: number | null;
  /** The workspace requires two factors and the person has none yet: no key until they turn them on. */
  needsTwoFactor: boolean;
  /** Every workspace the person belongs to. */
  workspaces: WorkspaceChoice[];
  /** The workspace's keys, and the one the person works with (none while they lack the two factors it requires). */
  keys: SessionKey[];
  activeKeyId: string | null;
  /** Whether Backroom sends mail (SMTP_URL): without, an invitation's link is shown once, to the person who made it. */
  mailDelivers: boolean;
  /** The shared demo person of the sandbox: its account, keys and members stay as they are (`auth/demo.ts`). */
  demo: boolean;
}

/** `POST /api/workspaces`: the workspace made (the person is its owner and works in it now). */
export interface WorkspaceMade {
  id: string;
  name: string;
  slug: string;
}

/** An invitation as the person it was sent to reads it, signed in with its address (`/invitations/{secret}`). */
export interface InvitationView {
  workspaceName: string;
  role: string;
  inviterEmail: string;
  expiresAt: string;
}

/** `POST /api/invitations/accept` and `/decline`: the invitation's workspace. */
export interface InvitationAnswer {
  workspaceId: string;
  workspaceName: string;
}
