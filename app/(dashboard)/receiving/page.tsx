import type { Metadata } from "next";
import Link from "next/link";
import { ReceivingView } from "@/components/disputes/receiving-view";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Receiving · Backroom" };

// GET /receiving: today's and yesterday's deliveries of the key's stores, each a tap from "Report a problem".
export default async function ReceivingPage() {
  const { active } = await requireSession();
  if (active.keyType !== "Customer")
    return (
      <div className="space-y-2">
        <PageTitle title="Receiving" />
        <p className="max-w-3xl">
          Receiving is the store&apos;s: its deliveries, checked at its back door. Switch to a Customer key to see it;
          the disputes the stores raise are on{" "}
          <Link href="/disputes" className="link">
            Disputes
          </Link>
          .
        </p>
      </div>
    );
  return (
    <div className="space-y-4">
      <PageTitle
        title="Receiving"
        intro="Today's and yesterday's deliveries: check each against its invoice, and report a short, damaged, non-compliant or mispriced line where the goods are."
      />
      <ReceivingView />
    </div>
  );
}
