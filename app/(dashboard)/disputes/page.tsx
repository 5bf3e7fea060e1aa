import type { Metadata } from "next";
import { Suspense } from "react";
import { DisputesList } from "@/components/disputes/disputes-list";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Disputes · Backroom" };

const INTRO = {
  Customer: "What your stores reported wrong with a delivery, and where each stands with the distributor.",
  Employee: "What the stores reported wrong with a delivery: open until the credit memo is in the API, or closed.",
  Supplier: "Your products' lines that stores reported damaged or not compliant.",
} as const;

// GET /disputes: the disputes the key sees, filtered by the address; staff's and a brand's figures above them.
export default async function DisputesPage() {
  const { active } = await requireSession();
  return (
    <div className="space-y-4">
      <PageTitle title="Disputes" intro={INTRO[active.keyType]} />
      <Suspense>
        <DisputesList keyType={active.keyType} />
      </Suspense>
    </div>
  );
}
