import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "States · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/states">) {
  return <ListPage name="states" searchParams={searchParams} />;
}
