import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Supplier credit terms · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/supplier-credit-terms">) {
  return <ListPage name="supplierCreditTerms" searchParams={searchParams} />;
}
