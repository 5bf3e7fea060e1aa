import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Inventory batches · Backroom" };

export default function Page({ searchParams }: PageProps<"/inventory/batches">) {
  return <ListPage name="batches" searchParams={searchParams} />;
}
