import type { Metadata } from "next";
import { ListPage } from "../_lib/list-page";

export const metadata: Metadata = { title: "Customers · Backroom" };

export default function Page({ searchParams }: PageProps<"/customers">) {
  return <ListPage name="customers" searchParams={searchParams} />;
}
