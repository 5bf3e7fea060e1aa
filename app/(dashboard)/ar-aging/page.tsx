import type { Metadata } from "next";
import { ListPage } from "../_lib/list-page";

export const metadata: Metadata = { title: "AR aging · Backroom" };

export default function Page({ searchParams }: PageProps<"/ar-aging">) {
  return <ListPage name="arAging" searchParams={searchParams} />;
}
