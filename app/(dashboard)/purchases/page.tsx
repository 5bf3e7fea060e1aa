import type { Metadata } from "next";
import { ListPage } from "../_lib/list-page";

export const metadata: Metadata = { title: "Purchases · Backroom" };

export default function Page({ searchParams }: PageProps<"/purchases">) {
  return <ListPage name="purchases" searchParams={searchParams} />;
}
