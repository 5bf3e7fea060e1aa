import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";
import type { InvitationMade, MembersJson } from "./members-view";
import type { RoleName } from "./roles";
import type {
  AddKey,
  DemoSignIn,
  InvitationAnswer,
  SandboxCheck,
  SessionKey,
  SessionView,
  UpdateKey,
  WorkspaceMade,
} from "./session-view";

/**
 * What the session endpoints answer, or why they refused: the server's message and the fields it concerns, and the
 * same failure as a `DataApiError`, for the words every page uses (`describeFailure` in `lib/ui/failure.ts`).
 */
export type SessionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      message: string;
      fields: Record<string, string>;
      /** From `Retry-After`: how long until Backroom takes a key again. */
      retryAfterSeconds?: number;
      error: DataApiError;
    };

/**
 * One call to Backroom's own endpoints (never the Data API): JSON in and out, a refusal read into words and fields.
 *
 * @example
 * const result = await send<MembersJson>("GET", "/api/members");
 * if (!result.ok) setError(result.message);
 */
export async function send<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<SessionResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (cause) {
    const message = "Backroom could not be reached. Check your connection and try again.";
    return {
      ok: false,
      status: 0,
      message,
      fields: {},
      error: new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: message, cause }),
    };
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // An HTML error page from a proxy in front of Backroom: reported by status below.
  }
  if (response.ok) return { ok: true, data: parsed as T };
  const error = parseErrorBody(parsed);
  const fields = Object.fromEntries((error?.fieldErrors ?? []).map((f) => [f.field, f.detail]));
  const retryAfter = Number(response.headers.get("Retry-After"));
  const retryAfterSeconds = Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  const message = error?.detail ?? `Backroom answered ${response.status}.`;
  return {
    ok: false,
    status: response.status,
    message,
    fields,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    error: new DataApiError({
      status: response.status,
      code: error?.code,
      detail: message,
      fieldErrors: error?.fieldErrors,
      requestId: response.headers.get("X-Request-Id") ?? undefined,
      retryAfter: retryAfterSeconds,
    }),
  };
}

/** The browser's calls to Backroom's session, key and demo endpoints (never the Data API, never with a key in a URL). */
export const sessionClient = {
  describe: () => send<SessionView>("GET", "/api/session"),
  /** Works with another key of the workspace from now on (kept across the person's sessions). */
  chooseKey: (activeKeyId: string) => send<SessionView>("PATCH", "/api/session", { activeKeyId }),
  /** Adds a key to the workspace (owners and admins): Backroom checks it with the Data API first. */
  addKey: (body: AddKey) => send<SessionKey>("POST", "/api/keys", body),
  removeKey: (keyId: string) => send<unknown>("DELETE", `/api/keys/${encodeURIComponent(keyId)}`),
  /** Changes a key's settings (owners and admins): what an Employee key's insights history covers. */
  updateKey: (keyId: string, body: UpdateKey) =>
    send<SessionKey>("PATCH", `/api/keys/${encodeURIComponent(keyId)}`, body),
  /** Signs in as a demo person of the sandbox (the sandbox only). */
  demo: (body: DemoSignIn) => send<SessionView>("POST", "/api/demo", body),
  /** The embedded sandbox's state, from `/api/ready` (whatever its status); undefined when Backroom did not answer. */
  sandbox: async (): Promise<SandboxCheck | undefined> => {
    try {
      const response = await fetch("/api/ready", { cache: "no-store" });
      return ((await response.json()) as { checks?: { sandbox?: SandboxCheck } }).checks?.sandbox;
    } catch {
      return undefined;
    }
  },
  /** Ends this session (better-auth's sign-out), on every instance within a second. */
  signOut: () => send<unknown>("POST", "/api/auth/sign-out", {}),
};

const member = (memberId: string) => `/api/members/${encodeURIComponent(memberId)}`;

/** The browser's calls to the workspace's members endpoints: Backroom's own, which check the role. */
export const membersClient = {
  /** The members, with role, two factors, last activity and rep link; the pending invitations to those who may invite. */
  list: () => send<MembersJson>("GET", "/api/members"),
  /** Invites an address with a role (owners and admins); the link comes back only where Backroom sends no mail. */
  invite: (email: string, role: RoleName) => send<InvitationMade>("POST", "/api/members/invitations", { email, role }),
  cancelInvitation: (invitationId: string) =>
    send<null>("DELETE", `/api/members/invitations/${encodeURIComponent(invitationId)}`),
  changeRole: (memberId: string, role: RoleName) => send<null>("PATCH", member(memberId), { role }),
  remove: (memberId: string) => send<null>("DELETE", member(memberId)),
  /** Links a member to a sales rep's UserID, or unlinks them with null (owners and admins): a default view only. */
  linkSalesRep: (memberId: string, salesRepUserId: number | null) =>
    send<null>("PATCH", member(memberId), { salesRepUserId }),
};

/** The browser's calls about workspaces: making one, working in one, its name and policy, leaving it. */
export const workspaceClient = {
  create: (name: string) => send<WorkspaceMade>("POST", "/api/workspaces", { name }),
  /** Works in this workspace from now on (one of the person's own). */
  choose: (workspaceId: string) => send<null>("PUT", "/api/session/workspace", { workspaceId }),
  /** The workspace the page shows is named: the change is refused when the person now works in another. */
  rename: (workspaceId: string, name: string) => send<null>("PATCH", "/api/workspace", { workspaceId, name }),
  requireTwoFactor: (workspaceId: string, requireTwoFactor: boolean) =>
    send<null>("PATCH", "/api/workspace", { workspaceId, requireTwoFactor }),
  leave: (workspaceId: string) => send<null>("POST", "/api/workspace/leave", { workspaceId }),
};

/** The invited person's answers to an invitation, by its link's secret. */
export const invitationClient = {
  accept: (secret: string) => send<InvitationAnswer>("POST", "/api/invitations/accept", { secret }),
  decline: (secret: string) => send<InvitationAnswer>("POST", "/api/invitations/decline", { secret }),
};
