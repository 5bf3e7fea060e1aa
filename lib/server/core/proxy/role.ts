import "server-only";
import type { OperationId } from "@/lib/data-api/registry";
import { mayCall } from "@/lib/session/roles";
import { failureAnswer } from "../route-errors";
import type { Forwarding } from "./context";

/**
 * The role stage: a write the person's role does not allow (`lib/session/roles.ts`) answers 403 FORBIDDEN_BY_ROLE in
 * the API's error shape, is recorded refused, and reaches nothing. After the request check: a malformed write is the
 * contract's 400 whoever sends it. The key's type still caps every role upstream (the API's own 403).
 *
 * @example
 * const refused = await roleRefusal(forwarding);
 * if (refused) return refused;
 */
export async function roleRefusal({
  actor,
  operation,
  write,
  requestId,
}: Pick<Forwarding, "actor" | "operation" | "write" | "requestId">): Promise<Response | undefined> {
  const role = actor.membership.role;
  if (mayCall(role, operation.id as OperationId, operation.method)) return undefined;
  const refusal = failureAnswer(
    "forbidden-by-role",
    requestId,
    `Your role in ${actor.workspace.name} (${role}) does not allow ${operation.method} ${operation.path}.`,
  );
  await write?.refused(refusal.status, await refusal.clone().json());
  return refusal;
}
