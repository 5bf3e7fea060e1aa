import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { GuideFilters } from "@/components/order-guide/guide-filters";
import { GuideTable } from "@/components/order-guide/guide-table";
import { backend } from "@/lib/backend";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { type GuideParams, guideChoices, guideParams } from "@/lib/domain/order-guide/guide-filter";
import { todayIn } from "@/lib/format/days";
import { RouteError } from "@/lib/server/core/define-route";
import { pageApi } from "@/lib/server/core/page-api";
import { type GuideKey, loadGuide } from "@/lib/server/order-guide/guide-api";
import { createOrderListStore } from "@/lib/server/order-guide/order-lists-store";
import { may } from "@/lib/session/roles";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { pageCredit } from "../_lib/credit";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";

export const metadata: Metadata = { title: "Order guide · Backroom" };

const TITLE = "Order guide";

/**
 * Order guide: what a store bought in the last 180 days or has on promotion today, with its shelf and days
 * of cover, its usual order, today's prices, the serving warehouse's stock and a suggestion in whole cases. A
 * retailer's key (Customer) reads its stores', the distributor's staff (Employee) name one; a brand's key has none.
 * Server-rendered from the address: the filters are a GET form, the CSV the API's (`GET /api/order-guide?format=csv`).
 */
export default async function OrderGuidePage({ searchParams }: PageProps<"/order-guide">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  if (active.keyType === "Supplier") {
    return (
      <div className="space-y-2">
        <PageTitle title={TITLE} />
        <p className="max-w-3xl">
          The order guide is a retailer&apos;s: what a store bought, what is on its shelf and what to reorder. It is
          read with a Customer key (a retailer&apos;s stores) or an Employee key (the distributor&apos;s staff, one
          store at a time). A brand&apos;s key does not see a store&apos;s shelf and prices: switch to another key to
          use it.
        </p>
      </div>
    );
  }
  const read = guideParams(params);
  const stores = active.keyType === "Customer" ? (active.scope.customers ?? []) : undefined;
  const customer = read.customer ?? (stores?.length ? stores[0]!.id : undefined);
  const today = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  return (
    <div className="space-y-4">
      <PageTitle
        title={TITLE}
        intro="What the store bought in the last 180 days or has on promotion today: its shelf and days of cover, its usual order, today's prices and the warehouse's stock, with a suggestion in whole cases to cover the days you choose, within what the store buys. Nothing out of stock or without a price, and no sample, is suggested."
      />
      <p className="text-sm">
        <Link href="/order-guide/lists" className="underline">
          Reorder lists sent to the rep
        </Link>
      </p>
      {customer === undefined ? (
        <>
          <GuideFilters params={read} stores={undefined} choices={undefined} />
          <p className="max-w-3xl">Enter the store&apos;s CustomerID above to read its order guide.</p>
        </>
      ) : (
        <Suspense key={JSON.stringify(read)} fallback={<BlockSkeleton label="Reading the order guide" />}>
          <Guide
            apiKey={active}
            customer={customer}
            read={read}
            today={today}
            stores={stores}
            workspaceId={view.workspace!.id}
            maySend={may(view.role ?? undefined, { purchases: ["write"] })}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The store's guide (`loadGuide`, as its route answers it; the refusal or the API's failure said in the page). */
async function Guide({
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
