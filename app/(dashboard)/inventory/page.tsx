import type { Metadata } from "next";
import { ListPage } from "../_lib/list-page";

export const metadata: Metadata = { title: "Warehouse inventory · Backroom" };

export default function Page({ searchParams }: PageProps<"/inventory">) {
  return <ListPage name="inventory" searchParams={searchParams} />;
}
