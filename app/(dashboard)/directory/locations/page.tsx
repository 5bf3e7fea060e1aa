import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Warehouses · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/locations">) {
  return <ListPage name="locations" searchParams={searchParams} />;
}
