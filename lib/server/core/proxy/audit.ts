import "server-only";
import type { CheckedRequest, RefusedRequest } from "@/lib/data-api/request-check";
import type { AnyOperation } from "@/lib/data-api/registry";
import { auditedWrite } from "../audit/audited-writes";
import { actorOf, auditWrite, type WriteRecord } from "../audit/write-audit";
import type { Forwarding, ProxyCall } from "./context";

/**
 * The audit stage's two ends (`lib/server/core/audit/`): the record of a write the trail keeps, made as soon as the request
 * check has read it (so a write the check or the role refuses is recorded refused, and one sent is recorded before it
 * goes: the upstream stage calls `sending()`), and the API's answer written onto it after.
 */

/** The audit record of a write the trail keeps, with what the check read of it; none for any other operation. */
export function auditOf(
  {
    request,
    actor,
    requestId,
    deps,
  }: Pick<ProxyCall, "request" | "actor" | "requestId"> & {
    deps: Pick<ProxyCall["deps"], "audit">;
  },
  checked: CheckedRequest | Extract<RefusedRequest, { operation: AnyOperation }>,
): WriteRecord | undefined {
  if (!deps.audit || !auditedWrite(checked.operation.id)) return undefined;
  return auditWrite({
    trail: deps.audit,
    actor: actorOf(request, actor, actor.key),
    operation: checked.operation.id,
    path: checked.params,
    query: checked.rawQuery,
    body: checked.raw,
    idempotencyKey: request.headers.get("Idempotency-Key"),
    requestId,
  });
}

/**
 * Writes the API's answer (or its absence: status null) onto a recorded write. Once the write is sent, a trail that
 * cannot take its answer must not hide the API's answer: the entry stays "sent", and the telemetry is told.
 */
export async function answered(
  forwarding: Pick<Forwarding, "write" | "deps" | "requestId">,
  status: number | null,
  answeredId: string | null = null,
  bytes?: Uint8Array,
): Promise<void> {
  const { write, deps, requestId } = forwarding;
  await write
    ?.answered(status, answeredId, bytes)
    .catch((error: unknown) => deps.telemetry?.failed("audit answer not recorded", error, requestId));
}
