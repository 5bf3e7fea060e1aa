import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Product categories · Backroom" };

export default function Page({ searchParams }: PageProps<"/catalog/categories">) {
  return <ListPage name="categories" searchParams={searchParams} />;
}
