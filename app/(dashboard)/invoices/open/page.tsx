import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Open invoices · Backroom" };

// /invoices/open: what is open now on the key's AR accounts (/payments/openInvoices), debts and credits apart.
export default function Page({ searchParams }: PageProps<"/invoices/open">) {
  return <ListPage name="openInvoices" searchParams={searchParams} />;
}
