import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { may } from "@/lib/session/roles";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";
import { Monthly } from "./_lib/monthly";
import { Statements } from "./_lib/statements";

export const metadata: Metadata = { title: "Statements · Backroom" };

/**
 * Statements of account: for a retailer (Customer key) each of its AR accounts, for the distributor's staff
 * (Employee key) any, as of the Data API's last close: the aging and its invoices, the credit on payments, the last 90
 * days' payments and allocations, what changed since; a PDF of it to file. Brands' keys have none.
 */
export default async function StatementsPage({ searchParams }: PageProps<"/statements">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  if (active.keyType === "Supplier") {
    return (
      <div className="space-y-2">
        <PageTitle title="Statements" />
        <p className="max-w-3xl">
          Statements of account are a retailer&apos;s (Customer keys) and the distributor&apos;s staff&apos;s (Employee
          keys): a brand&apos;s key has none. Switch to another key to see them.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <PageTitle
        title="Statements"
        intro="An AR account's statement of account as the distributor's last close left it: what is open and how old, the credit on payments, the last 90 days' payments and allocations. Download it as a PDF to file or forward."
      />
      {active.keyType === "Customer" && (
        <Monthly
          keyId={active.id}
          workspaceId={view.workspace!.id}
          canManage={may(view.role, { organization: ["update"] })}
          demo={view.demo}
        />
      )}
      <Suspense fallback={<BlockSkeleton height="h-12" label="Loading the accounts" />}>
        <Statements
          keyType={active.keyType}
          customers={active.scope.customers}
          params={params}
          timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)}
          staff={active.keyType === "Employee" ? { workspaceId: view.workspace!.id, keyId: active.id } : undefined}
        />
      </Suspense>
    </div>
  );
}
