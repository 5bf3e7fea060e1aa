import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Products · Backroom" };

export default function Page({ searchParams }: PageProps<"/catalog/products">) {
  return <ListPage name="products" searchParams={searchParams} />;
}
