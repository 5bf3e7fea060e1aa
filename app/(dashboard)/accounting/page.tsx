import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { BooksExport } from "@/components/accounting/books-export";
import type { StoreChoice } from "@/components/accounting/export-form";
import { pageRead } from "@/lib/domain/page-href";
import { todayIn } from "@/lib/format/days";
import { may } from "@/lib/session/roles";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";
import { Scheduled } from "./_lib/scheduled";
import { StaffStoreSearch } from "./_lib/staff-store-search";

export const metadata: Metadata = { title: "Books export · Backroom" };

const TITLE = "Books export";

/**
 * Books export: a retailer's bookkeeper exports the distributor's invoices as bills and the payments as the bank saw
 * them, for QuickBooks Online, Xero and QuickBooks Desktop: a preview first, then the files; the exports remembered,
 * per program; the workspace's mapping (vendor, accounts, dates). A retailer's key (Customer) exports its
 * stores, the distributor's staff (Employee) one store at a time; a brand's key has no books here.
 */
export default async function AccountingPage({ searchParams }: PageProps<"/accounting">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  if (active.keyType === "Supplier") {
    return (
      <div className="space-y-2">
        <PageTitle title={TITLE} />
        <p className="max-w-3xl">
          The books export turns a retailer&apos;s invoices into bills and its payments into bill payments for
          QuickBooks and Xero: it is a retailer&apos;s (Customer keys) and the distributor&apos;s staff&apos;s, who
          export one store&apos;s (Employee keys). A brand&apos;s key has none. Switch to another key to use it.
        </p>
      </div>
    );
  }
  const { customer, q = "" } = pageRead.accounting(params);
  const today = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  const store: StoreChoice =
    active.keyType === "Employee"
      ? { kind: "one", initial: customer }
      : { kind: "all", stores: active.scope.customers ?? [] };
  return (
    <div className="space-y-6">
      <PageTitle
        title={TITLE}
        intro="The distributor's invoices as bills (a return as a vendor credit) and each payment as the bank saw it, its bills paid and the rest prepaid, in files QuickBooks Online, Xero and QuickBooks Desktop import as they are. Preview a period, download its files, and the next export to the same program takes only what is new."
      />
      {active.keyType === "Employee" && (
        <Suspense fallback={<BlockSkeleton height="h-16" label="Loading the store search" />}>
          <StaffStoreSearch workspaceId={view.workspace!.id} keyId={active.id} q={q} customer={customer} />
        </Suspense>
      )}
      {/* Keyed by the store the address names: a store chosen from the search starts the form again with it. */}
      <BooksExport
        key={customer ?? "all"}
        today={today}
        store={store}
        mayMark={may(view.role, { accounting: ["manage"] })}
      />
      {active.keyType === "Customer" && (
        <Scheduled
          keyId={active.id}
          workspaceId={view.workspace!.id}
          canManage={may(view.role, { accounting: ["manage"] })}
          demo={view.demo}
        />
      )}
    </div>
  );
}
