import "server-only";
import { isRefusal } from "@/lib/data-api/refusal";
import { type CheckedRequest, checkRequest } from "@/lib/data-api/request-check";
import type { WriteRecord } from "../audit/write-audit";
import { auditOf } from "./audit";
import { answer, type ProxyCall } from "./context";

/**
 * The request-check stage: path, query and body against the contract, by the check the sandbox shares
 * (`lib/data-api/request-check.ts`: 400, 404, 405 with Allow, 413, 415 in the API's error shape). A write the trail
 * keeps gets its audit record here, and a refused one is recorded refused; nothing goes upstream.
 *
 * @example
 * const checked = await checkStage(call); // call.version "v1", call.segments ["invoices"]
 * if ("refused" in checked) return checked.refused;
 */
export async function checkStage(
  call: Pick<ProxyCall, "request" | "version" | "segments" | "actor" | "requestId" | "trace"> & {
    deps: Pick<ProxyCall["deps"], "audit">;
  },
): Promise<{ checked: CheckedRequest; write: WriteRecord | undefined } | { refused: Response }> {
  const { request, requestId, trace } = call;
  const checked = await checkRequest(request, call.version, call.segments);
  trace.operation = "operation" in checked ? checked.operation.id : null;
  const write = "operation" in checked ? auditOf(call, checked) : undefined;
  if (isRefusal(checked)) {
    await write?.refused(checked.status, checked.body);
    return { refused: answer(checked.body, checked.status, { "X-Request-Id": requestId, ...checked.headers }) };
  }
  return { checked, write };
}
