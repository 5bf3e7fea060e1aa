import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Payment types · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/payment-types">) {
  return <ListPage name="paymentTypes" searchParams={searchParams} />;
}
