import type { Metadata } from "next";
import { ListPage } from "../_lib/list-page";

export const metadata: Metadata = { title: "Invoices · Backroom" };

export default function Page({ searchParams }: PageProps<"/invoices">) {
  return <ListPage name="invoices" searchParams={searchParams} />;
}
