import type { Metadata } from "next";
import { ListPage } from "../../_lib/list-page";

export const metadata: Metadata = { title: "Users · Backroom" };

export default function Page({ searchParams }: PageProps<"/directory/users">) {
  return <ListPage name="users" searchParams={searchParams} />;
}
