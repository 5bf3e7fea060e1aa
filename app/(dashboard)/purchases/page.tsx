import type { Metadata } from "next";
import Link from "next/link";
import { mayCall } from "@/lib/ui/navigation";
import { PRIMARY } from "@/lib/ui/styles";
import { ListPage } from "../_lib/list-page";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Purchases · Backroom" };

export default async function Page({ searchParams }: PageProps<"/purchases">) {
  const { active } = await requireSession();
  return (
    <ListPage name="purchases" searchParams={searchParams}>
      {mayCall(active.keyType, "createPurchase") && (
        <Link href="/purchases/new" className={`${PRIMARY} inline-block`}>
          New purchase order
        </Link>
      )}
    </ListPage>
  );
}
