import "server-only";
import { AccountSearch } from "@/components/statements/account-search";
import { backend } from "@/lib/backend";
import { searchSnapshot } from "@/lib/server/collections/collections-view";

/**
 * How the distributor's staff find an account (an Employee key, any AR account): the search of the key's collections
 * snapshot. A key without one yet has its first walk queued by a search for a name (as the Collections page queues it
 * on a visit; not on every visit here, whose reads would spend the key's budget for a search nobody made).
 */
export async function StaffSearch({
  workspaceId,
  keyId,
  q,
  account,
}: {
  workspaceId: string;
  keyId: string;
  q: string;
  account: number | undefined;
}) {
  const { db, collections } = await backend();
  const { matches, reading } = await searchSnapshot(db, collections, workspaceId, keyId, q);
  return <AccountSearch q={q} matches={matches} reading={reading} account={account} />;
}
