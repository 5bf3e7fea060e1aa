import "server-only";
import * as z from "zod";
import { createDataApiClient } from "@/lib/data-api/client";
import { AddKey, HISTORY_SCOPES, type HistoryScope, type UpdateKey } from "@/lib/session/session-view";
import type { Actor } from "./auth/actor";
import { actorOf } from "./audit/write-audit";
import { clientAddress, type ThrottleWait } from "./connect-throttle";
import { defineRoute } from "./define-route";
import { refusal, refuse, type RouteError } from "./route-errors";
import type { Environment } from "./env";
import { KeyRejected, probeKey } from "./key-probe";
import { fetchWithin } from "./proxy/upstream";
import { NO_STORE } from "./route-errors";
import type { KeyHandle } from "./session";
import { keysJson, type SessionDeps, SessionKeyAnswer } from "./session-api";

/** A key's body is small: 4 KiB holds any key, environment and label. */
const KEY_BODY_BYTES = 4096;

/** What the shared stores hold of keys that are gone: their cached answers, rate-limit figures and request log. */
async function forgetKeys(keys: readonly KeyHandle[], deps: SessionDeps): Promise<void> {
  await Promise.all(
    keys.flatMap((key) => [
      deps.cache?.forgetKey(key.fingerprint),
      deps.rateLimits.forget(key.fingerprint).catch(() => undefined),
      deps.requestLog?.forget(key.id).catch(() => undefined),
    ]),
  );
}

/** 429 with `Retry-After`: too many refused keys from this address, or from everywhere. */
function tooManyAttempts(wait: ThrottleWait): RouteError {
  const detail =
    wait.scope === "global"
      ? `Too many keys were refused in the last minute, from everywhere: Backroom checks no key for a moment. Try again in ${wait.seconds} seconds.`
      : `Too many keys were refused from your address. Try again in ${wait.seconds} seconds.`;
  return refusal("TOO_MANY_ATTEMPTS", detail, 429, {
    more: { retryAfterSeconds: wait.seconds },
    headers: { "Retry-After": String(wait.seconds) },
  });
}

export const listKeys = defineRoute(
  {
    method: "GET",
    path: "/api/keys",
    summary: "The workspace's keys, never a key itself.",
    description: "Every member reads them: the header's key switcher lists them. Oldest first.",
    need: "workspace",
    answer: z.object({ keys: z.array(SessionKeyAnswer) }),
  },
  async ({ actor }, deps: SessionDeps) => ({ keys: await keysJson(actor.workspace.keys, deps) }),
);

/**
 * Checks a key with the Data API (`key-probe.ts`: its type and scope), as the pages' proxy would call it. A refused key
 * counts against the address (the sign-in throttle's limiter), and is recorded; its refusal is thrown.
 *
 * @example
 * const probed = await checkedKey(request, actor, apiKey, "test", deps, true); // { keyType, scope, label }
 */
export async function checkedKey(
  request: Request,
  actor: Actor,
  apiKey: string,
  environment: Environment,
  deps: SessionDeps,
  guessable: boolean,
): Promise<Awaited<ReturnType<typeof probeKey>>> {
  const address = clientAddress(request);
  if (guessable) {
    const wait = await deps.throttle.check(address);
    if (wait) throw tooManyAttempts(wait);
  }
  const upstream = await deps.upstream(environment, request);
  try {
    // Each read of the probe gets the proxy's timeout: a hung API must not hang the form.
    const probed = await probeKey(
      createDataApiClient({ baseUrl: upstream.v1Base, apiKey, fetch: fetchWithin(upstream.fetch, deps.timeoutMs) }),
    );
    if (guessable) await deps.throttle.succeeded(address);
    return probed;
  } catch (error) {
    if (!(error instanceof KeyRejected)) throw error;
    if (error.status !== 401) throw refusal("KEY_CHECK_FAILED", error.message, 502);
    // Only a refused key counts against the address: an API that could not check it (502) is nobody's guess.
    const wait = guessable ? await deps.throttle.failed(address) : undefined;
    await deps.audit.record({
      event: "key-added",
      actor: { ...actorOf(request, actor, undefined), environment },
      result: "refused",
      upstreamStatus: 401,
      answer: { errorCode: "KEY_REJECTED" },
    });
    if (!wait) throw refusal("KEY_REJECTED", error.message, 401);
    throw refusal(
      "KEY_REJECTED",
      `${error.message} Too many keys were refused from your address: try again in ${wait.seconds} seconds.`,
      401,
      { more: { retryAfterSeconds: wait.seconds }, headers: { "Retry-After": String(wait.seconds) } },
    );
  }
}

export const addKey = defineRoute(
  {
    method: "POST",
    path: "/api/keys",
    summary: "Adds a Data API key to the workspace, once, for everyone in it.",
    description: [
      "Backroom checks the key with the Data API first (its type and scope), keeps it encrypted and never shows it",
      "again: the answer describes it (without a `label`, one is made from its scope: the retailer's or brand's name).",
      "201 when the key is added; 200, the key as it is, when the workspace already holds the same key in that",
      "environment.",
      "",
      "- 401 `KEY_REJECTED`: the Data API refused the key (recorded in the audit trail). Refused keys count against",
      "  the caller's address: past the limit the refusal carries `retryAfterSeconds` and `Retry-After`.",
      "- 429 `TOO_MANY_ATTEMPTS` (`retryAfterSeconds`, `Retry-After`): too many keys were refused from this address, or",
      "  from everywhere within the last minute; no key is checked until then.",
      "- 502 `KEY_CHECK_FAILED`: the Data API could not check the key (it does not count against the address).",
    ].join("\n"),
    status: 201,
    answer: SessionKeyAnswer,
    need: "workspace",
    permission: { keys: ["manage"] },
    body: AddKey,
    maxBodyBytes: KEY_BODY_BYTES,
    invalid: "Enter an API key and choose an environment.",
  },
  async ({ request, actor, body }, deps: SessionDeps) => {
    const { apiKey, environment, label } = body;
    const probed = await checkedKey(request, actor, apiKey, environment, deps, true);
    const { key, added } = await deps.keys.add(actor.workspace.id, actor.person.id, {
      apiKey,
      environment,
      ...probed,
      label: label || probed.label,
    });
    await deps.actors.workspaceChanged(actor.workspace.id);
    if (added)
      await deps.audit.record({
        event: "key-added",
        actor: actorOf(request, actor, key),
        result: "done",
        upstreamStatus: 200,
      });
    const [shown] = await keysJson([key], deps);
    return Response.json(shown, { status: added ? 201 : 200, headers: NO_STORE });
  },
);

export const removeKey = defineRoute(
  {
    method: "DELETE",
    path: "/api/keys/{keyId}",
    summary: "Removes a key of the workspace: its stored copy, cached answers and request log go at once.",
    description:
      "Members who worked with it work with the workspace's oldest key from then on. Recorded in the audit trail. 404 " +
      "when the workspace holds no key of that id.",
    status: 204,
    need: "workspace",
    permission: { keys: ["manage"] },
  },
  async ({ request, actor, params }, deps: SessionDeps) => {
    const held = actor.workspace.keys.find((k) => k.id === params.keyId);
    const removed = held ? await deps.keys.remove(actor.workspace.id, held.id) : undefined;
    if (!held || !removed) throw refuse("no-such-key");
    await deps.actors.workspaceChanged(actor.workspace.id, removed.activeFor);
    await deps.audit.record({ event: "key-removed", actor: actorOf(request, actor, held), result: "done" });
    await forgetKeys([removed.key], deps);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/**
 * What the key endpoint asks of whatever keeps a key's history (a feature's sync, `deps.insights`): its own words, so
 * the core names no feature; the backend hands the feature's services, which have this method.
 */
export interface HistoryScopes {
  /** Sets an Employee key's scope; true when it changed (its history is then forgotten and walked again). */
  setScope(workspaceId: string, keyId: string, scope: HistoryScope): Promise<boolean>;
}

const UpdateKeyBody: z.ZodType<UpdateKey> = z.strictObject({
  historyScope: z.enum(HISTORY_SCOPES, { error: "Choose the linked reps' accounts or the whole distributor" }),
});

export const updateKey = defineRoute(
  {
    method: "PATCH",
    path: "/api/keys/{keyId}",
    summary: "Chooses what an Employee key's insights history covers.",
    description: [
      "`historyScope`: `linked-reps`, the accounts of the sales reps the workspace's members are linked to (the",
      "default), or `distributor`, the whole distributor's (a backfill of some hundreds of requests, within the",
      "background's share of the key's hours). A change deletes the key's history and starts the new walk, and is",
      "recorded in the audit trail; the same choice again changes nothing (a double click is one change). Answers the",
      "key as `GET /api/keys` lists it.",
      "",
      "- 404: the workspace holds no key of that id.",
      "- 409 `NOT_FOR_THIS_KEY`: the key is not an Employee key (a brand's key keeps its own sales, a retailer's none).",
    ].join("\n"),
    answer: SessionKeyAnswer,
    need: "workspace",
    permission: { keys: ["manage"] },
    body: UpdateKeyBody,
    maxBodyBytes: KEY_BODY_BYTES,
    invalid: `Send {"historyScope": "linked-reps"} or {"historyScope": "distributor"}.`,
  },
  async ({ request, actor, body, params }, deps: SessionDeps & { insights: HistoryScopes }) => {
    const held = actor.workspace.keys.find((k) => k.id === params.keyId);
    if (!held) throw refuse("no-such-key");
    if (held.keyType !== "Employee")
      throw refusal(
        "NOT_FOR_THIS_KEY",
        "Only an Employee key's history can cover the linked reps' accounts or the whole distributor: a brand's key keeps its own sales, a retailer's none",
        409,
      );
    const { historyScope } = body;
    if (await deps.insights.setScope(actor.workspace.id, held.id, historyScope)) {
      await deps.actors.workspaceChanged(actor.workspace.id);
      await deps.audit.record({
        event: "history-scope-changed",
        actor: actorOf(request, actor, held),
        result: "done",
        reference: { historyScope },
      });
    }
    const [shown] = await keysJson([{ ...held, historyScope }], deps);
    return shown;
  },
);
