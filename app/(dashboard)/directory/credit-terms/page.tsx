import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Invoice credit terms · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/credit-terms">) {
  return <ListPage name="creditTerms" searchParams={searchParams} />;
}
