import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Sales reps · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/sales-reps">) {
  return <ListPage name="salesReps" searchParams={searchParams} />;
}
