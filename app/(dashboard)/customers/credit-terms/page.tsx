import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Customer credit terms · Backroom" };

export default function Page({ searchParams }: PageProps<"/customers/credit-terms">) {
  return <ListPage name="customerCreditTerms" searchParams={searchParams} />;
}
