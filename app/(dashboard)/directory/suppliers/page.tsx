import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Suppliers · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/suppliers">) {
  return <ListPage name="suppliers" searchParams={searchParams} />;
}
