import type { Metadata } from "next";
import { ListPage } from "../_lib/list-page";
import { myAccounts } from "../_lib/my-accounts";

export const metadata: Metadata = { title: "Customers · Backroom" };

export default async function Page({ searchParams }: PageProps<"/customers">) {
  const note = await myAccounts("/customers", await searchParams);
  return (
    <ListPage name="customers" searchParams={searchParams}>
      {note}
    </ListPage>
  );
}
