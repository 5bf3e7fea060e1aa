import { may } from "@/lib/session/roles";
import type { Metadata } from "next";
import { Suspense } from "react";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";
import { Workspace } from "./_lib/workspace";

export const metadata: Metadata = { title: "Payments · Backroom" };

/**
 * Payments: an AR account's payments and credit, its open invoices, the allocation form, and the payment
 * applications. The accounts to choose from come first (they name the account when the address has none and the key
 * has one), then the account's three lists side by side, so the page paints with its data.
 */
export default async function PaymentsPage({ searchParams }: PageProps<"/payments">) {
  const [{ active, view }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listPayments")) return <NotForThisKey title="Payments" keyType={active.keyType} />;
  // The key's type caps what the role allows: both must.
  const keyMay = mayCall(active.keyType, "createPaymentApplication");
  const mayAllocate = keyMay && may(view.role, { payments: ["allocate"] });
  return (
    <div className="space-y-4">
      <PageTitle
        title="Payments"
        intro={
          mayAllocate
            ? "Payments received, the credit each has left, and the open invoices it can pay. Allocate a payment's credit to one or more invoices; each allocation is a request the ERP confirms later."
            : keyMay
              ? "Payments received, the credit each has left, open invoices and payment applications. Your role in this workspace does not allocate payments: owners, admins and accounts do."
              : "Payments received, the credit each has left, open invoices and payment applications. Supplier keys may not request allocations: the Data API answers 403."
        }
      />
      <Suspense fallback={<BlockSkeleton height="h-96" label="Loading payments" />}>
        <Workspace
          keyType={active.keyType}
          customers={active.scope.customers}
          params={params}
          mayAllocate={mayAllocate}
        />
      </Suspense>
    </div>
  );
}
