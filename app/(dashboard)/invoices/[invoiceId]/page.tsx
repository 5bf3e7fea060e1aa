import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InvoiceDetail } from "@/components/invoices/invoice-detail";
import { invoiceRequests } from "@/lib/ui/views/invoice-requests";
import { prefetched } from "../../_lib/prefetch";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Invoice · Backroom" };

export default async function InvoicePage({ params }: PageProps<"/invoices/[invoiceId]">) {
  const [{ invoiceId }] = await Promise.all([params, requireSession()]);
  if (!/^\d{1,15}$/.test(invoiceId)) notFound();
  const id = Number(invoiceId);
  const r = invoiceRequests(id);
  const state = await prefetched([r.invoice, r.lines, r.coas].map((request) => ({ request, staleTime: r.staleTime })));
  return (
    <HydrationBoundary state={state}>
      <InvoiceDetail invoiceId={id} />
    </HydrationBoundary>
  );
}
