import type { Metadata } from "next";
import { Suspense } from "react";
import { KeptCustomer } from "@/components/today/kept-customer";
import { DetailSkeleton } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Customer · Backroom" };

// GET /today/customer?id=: a customer's page drawn from the rep's week kept on the device. The service
// worker answers it for a customer's address the network does not answer (`standInFor`), where it reads the id from
// that address; nothing of it waits for the API.
export default async function KeptCustomerPage() {
  await requireSession();
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the customer" />}>
      <KeptCustomer />
    </Suspense>
  );
}
