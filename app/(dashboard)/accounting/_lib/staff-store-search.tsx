import "server-only";
import { StoreSearch } from "@/components/accounting/store-search";
import { backend } from "@/lib/backend";
import { searchSnapshot } from "@/lib/server/collections/collections-view";

/**
 * How the distributor's staff find the store to export (an Employee key names one): the search of the key's
 * collections snapshot, as the Statements page's. A key without one yet has its first walk queued by a search for a
 * name, never by a visit (its reads would spend the key's budget for a search nobody made).
 */
export async function StaffStoreSearch({
  workspaceId,
  keyId,
  q,
  customer,
}: {
  workspaceId: string;
  keyId: string;
  q: string;
  customer: number | undefined;
}) {
  const { db, collections } = await backend();
  const { matches, reading } = await searchSnapshot(db, collections, workspaceId, keyId, q);
  return <StoreSearch q={q} matches={matches} reading={reading} customer={customer} />;
}
