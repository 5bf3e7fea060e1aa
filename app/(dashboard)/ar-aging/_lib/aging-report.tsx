import "server-only";
import { SnapshotProgress } from "@/components/ar-aging/snapshot-progress";
import { backend } from "@/lib/backend";
import type { KeyType } from "@/lib/data-api/operation";
import { agingSnapshot } from "@/lib/server/collections/aging-view";
import { one, type Params } from "./aging-params";
import { LiveReport } from "./live-report";
import { SnapshotReport } from "./snapshot-report";

/**
 * The report, by key: an Employee key's whole aging from its snapshot (its first visit queues the walk, and the aging
 * is read live meanwhile), unless a customer or state filter asks what only the API can answer exactly (a customer
 * the snapshot knows no invoice of); every other key's read live, every page.
 */
export async function AgingReport({
  keyType,
  keyId,
  workspaceId,
  params,
}: {
  keyType: KeyType;
  keyId: string;
  workspaceId: string;
  params: Params;
}) {
  if (keyType !== "Employee" || one(params, "CustomerIDs") || one(params, "States"))
    return <LiveReport keyType={keyType} params={params} />;
  const { db, collections } = await backend();
  const snapshot = await agingSnapshot(db, keyId);
  if (snapshot.ready) return <SnapshotReport snapshot={snapshot} params={params} />;
  if (!snapshot.state || snapshot.outdated) await collections.start(workspaceId, keyId);
  const note = <SnapshotProgress progress={snapshot.state} />;
  return <LiveReport keyType={keyType} params={params} note={note} />;
}
