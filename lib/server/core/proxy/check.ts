import "server-only";
import type { Version } from "@/lib/data-api/operation";
import { isRefusal } from "@/lib/data-api/refusal";
import { type CheckedRequest, checkRequest } from "@/lib/data-api/request-check";
import type { WriteRecord } from "../audit/write-audit";
import type { Asking } from "./actor";
import { auditOf } from "./audit";
import { answer, type ProxyDeps, type Trace } from "./context";

/**
 * The request-check stage: path, query and body against the contract, by the check the sandbox shares
 * (`lib/data-api/request-check.ts`: 400, 404, 405 with Allow, 413, 415 in the API's error shape). A write the trail
 * keeps gets its audit record here, and a refused one is recorded refused; nothing goes upstream.
 *
 * @example
 * const checked = await checkStage(request, "v1", ["invoices"], deps, actor, requestId, trace);
 * if ("refused" in checked) return checked.refused;
 */
export async function checkStage(
  request: Request,
  version: Version,
  segments: readonly string[],
  deps: Pick<ProxyDeps, "audit">,
  actor: Asking,
  requestId: string,
  trace: Trace,
): Promise<{ checked: CheckedRequest; write: WriteRecord | undefined } | { refused: Response }> {
  const checked = await checkRequest(request, version, segments);
  trace.operation = "operation" in checked ? checked.operation.id : null;
  const write = "operation" in checked ? auditOf(request, checked, deps, actor, requestId) : undefined;
  if (isRefusal(checked)) {
    await write?.refused(checked.status, checked.body);
    return { refused: answer(checked.body, checked.status, { "X-Request-Id": requestId, ...checked.headers }) };
  }
  return { checked, write };
}
