import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Available inventory · Backroom" };

export default function Page({ searchParams }: PageProps<"/inventory/available">) {
  return <ListPage name="availableInventory" searchParams={searchParams} />;
}
