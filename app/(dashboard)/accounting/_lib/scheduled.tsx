import "server-only";
import { ExportSchedule } from "@/components/accounting/export-schedule";
import { backend } from "@/lib/backend";
import { loadExportSchedule } from "@/lib/server/accounting/schedule-api";

/** A retailer's exports by email, as they stand: what `GET /api/accounting/schedule` answers. */
export async function Scheduled({
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
  const initial = await loadExportSchedule({ workspace: { id: workspaceId }, key: { id: keyId } }, await backend());
  return <ExportSchedule initial={initial} canManage={canManage} demo={demo} />;
}
