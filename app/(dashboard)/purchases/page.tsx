import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { mayCall } from "@/lib/ui/navigation";
import { PRIMARY } from "@/lib/ui/styles";
import { ListPage } from "../_lib/list-page";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Purchases · Backroom" };

/** The link's place: its height while the session is read, so the table below does not move. */
const LINK_ROW = "block h-9";

/** "New purchase order", for a key that may draft one. */
async function NewPurchaseLink() {
  const { active } = await requireSession();
  return (
    <span className={LINK_ROW}>
      {mayCall(active.keyType, "createPurchase") && (
        <Link href="/purchases/new" className={`${PRIMARY} inline-block`}>
          New purchase order
        </Link>
      )}
    </span>
  );
}

export default function Page({ searchParams }: PageProps<"/purchases">) {
  return (
    <ListPage name="purchases" searchParams={searchParams}>
      <Suspense fallback={<span className={LINK_ROW} />}>
        <NewPurchaseLink />
      </Suspense>
    </ListPage>
  );
}
