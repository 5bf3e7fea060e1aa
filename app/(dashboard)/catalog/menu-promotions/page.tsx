import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Menu promotions · Backroom" };

export default function Page({ searchParams }: PageProps<"/catalog/menu-promotions">) {
  return <ListPage name="menuPromotions" searchParams={searchParams} />;
}
