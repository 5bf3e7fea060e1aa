import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Vendors · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/vendors">) {
  return <ListPage name="vendors" searchParams={searchParams} />;
}
