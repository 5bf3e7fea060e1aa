import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { pageRead } from "@/lib/domain/page-href";
import { InvoiceDetail } from "@/components/invoices/invoice-detail";
import { invoiceRequests } from "@/lib/ui/views/invoice-requests";
import { DetailSkeleton, Prefetched } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Invoice · Backroom" };

export default async function InvoicePage({ params }: PageProps<"/invoices/[invoiceId]">) {
  const [{ invoiceId }] = await Promise.all([params, requireSession()]);
  const id = pageRead.invoice(invoiceId);
  if (id === undefined) notFound();
  const r = invoiceRequests(id);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the invoice" />}>
      <Prefetched requests={[r.invoice, r.lines, r.coas].map((request) => ({ request, staleTime: r.staleTime }))}>
        <InvoiceDetail invoiceId={id} />
      </Prefetched>
    </Suspense>
  );
}
