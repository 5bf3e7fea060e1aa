import "server-only";
import { MonthlyStatements } from "@/components/statements/monthly-statements";
import { backend } from "@/lib/backend";
import { loadStatementSchedule } from "@/lib/server/statements/statements-api";

/** A retailer's monthly statements by email, as they stand: what `GET /api/statements/schedule` answers. */
export async function Monthly({
  keyId,
  workspaceId,
  canManage,
  demo,
}: {
  keyId: string;
  workspaceId: string;
  canManage: boolean;
  demo: boolean;
}) {
  const initial = await loadStatementSchedule({ workspace: { id: workspaceId }, key: { id: keyId } }, await backend());
  return <MonthlyStatements initial={initial} canManage={canManage} demo={demo} />;
}
