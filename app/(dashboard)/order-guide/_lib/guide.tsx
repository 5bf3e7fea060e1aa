import "server-only";
import { GuideTable } from "@/components/order-guide/guide-table";
import { backend } from "@/lib/backend";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { type GuideParams, guideChoices } from "@/lib/domain/order-guide/guide-filter";
import { RouteError } from "@/lib/server/core/route-errors";
import { pageApi } from "@/lib/server/core/page-api";
import { type GuideKey, loadGuide } from "@/lib/server/order-guide/guide-api";
import { createOrderListStore } from "@/lib/server/order-guide/order-lists-store";
import { pageCredit } from "../../_lib/credit";

/** The store's guide (`loadGuide`, as its route answers it; the refusal or the API's failure said in the page). */
export async function Guide({
  apiKey,
  customer,
  read,
  today,
  stores,
  workspaceId,
  maySend,
}: {
  apiKey: GuideKey;
  customer: number;
  read: GuideParams;
  today: string;
  stores: { id: number; name: string }[] | undefined;
  workspaceId: string;
  /** Owners, admins and purchasing send a reorder list (`purchases: ["write"]`); the others read. */
  maySend: boolean;
}) {
  let loaded: Awaited<ReturnType<typeof loadGuide>>;
  try {
    loaded = await loadGuide(await pageApi(backend), apiKey, { ...read, customer, day: today });
  } catch (error) {
    if (error instanceof RouteError) return <p role="alert">{error.detail}</p>;
    if (!(error instanceof DataApiError)) throw error;
    return (
      <p role="alert" className="max-w-3xl">
        The Data API could not answer for the order guide ({error.status}): {error.detail}
      </p>
    );
  }
  const { guide, rows } = loaded;
  const { db, mailer } = await backend();
  const [recipient, credit] = await Promise.all([
    maySend ? guideRecipient(guide.salesRepEmail, db, workspaceId) : null,
    // The store's credit (its limit, what is available): a line above the products, a warning before a list is sent.
    guide.found ? pageCredit(guide.customerId, { score: false }) : undefined,
  ]);
  return (
    <GuideTable
      guide={guide}
      rows={rows}
      choices={guideChoices(guide.rows)}
      params={{ ...read, customer }}
      stores={stores}
      send={maySend ? { recipient, mailDelivers: mailer.delivers } : undefined}
      credit={credit?.state === "shown" ? credit.view : undefined}
    />
  );
}

/** Where a list goes: the store's rep, or the workspace's contact; null: nobody. */
async function guideRecipient(
  salesRepEmail: string | null,
  db: Awaited<ReturnType<typeof backend>>["db"],
  workspaceId: string,
): Promise<string | null> {
  return salesRepEmail ?? (await createOrderListStore(db).contact(workspaceId)) ?? null;
}
