import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { GuideFilters } from "@/components/order-guide/guide-filters";
import { guideParams } from "@/lib/domain/order-guide/guide-filter";
import { todayIn } from "@/lib/format/days";
import { may } from "@/lib/session/roles";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";
import { Guide } from "./_lib/guide";

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
