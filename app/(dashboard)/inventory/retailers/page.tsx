import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Retailer inventory · Backroom" };

export default function Page({ searchParams }: PageProps<"/inventory/retailers">) {
  return <ListPage name="retailerInventory" searchParams={searchParams} />;
}
