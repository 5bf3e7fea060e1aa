import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Product promotions · Backroom" };

export default function Page({ searchParams }: PageProps<"/catalog/product-promotions">) {
  return <ListPage name="productPromotions" searchParams={searchParams} />;
}
