import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Customer pricing · Backroom" };

export default function Page({ searchParams }: PageProps<"/catalog/pricing">) {
  return <ListPage name="customerPricing" searchParams={searchParams} />;
}
