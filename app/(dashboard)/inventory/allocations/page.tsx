import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Allocations · Backroom" };

export default function Page({ searchParams }: PageProps<"/inventory/allocations">) {
  return <ListPage name="allocations" searchParams={searchParams} />;
}
