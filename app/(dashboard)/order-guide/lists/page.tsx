import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { ContactForm } from "@/components/order-guide/contact-form";
import { OrderLists } from "@/components/order-guide/order-lists";
import { backend } from "@/lib/backend";
import { NOT_AN_ORDER } from "@/lib/domain/order-guide/order-list";
import { loadOrderLists } from "@/lib/server/order-guide/load-order-lists";
import { may } from "@/lib/session/roles";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Reorder lists · Backroom" };

/**
 * Reorder lists: each list sent to a store's rep from the order guide, newest first (status, who,
 * when, store, lines, total; `?list=` opens one). Every member reads them; owners and admins set the workspace's contact
 * address for stores whose record has no rep's. Server-rendered from Backroom's database; the contact is a small form.
 */
export default async function OrderListsPage({ searchParams }: PageProps<"/order-guide/lists">) {
  const [{ active, view, visitor }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const { lists, contact, mailDelivers } = await loadOrderLists(
    { workspace: view.workspace!, visitor, key: active },
    await backend(),
  );
  const open = typeof params.list === "string" ? params.list : undefined;
  return (
    <div className="space-y-4">
      <PageTitle
        title="Reorder lists"
        intro={`The lists sent to a store's rep from the order guide: the rep gets an email with the lines and a CSV, the sender a copy. ${NOT_AN_ORDER}`}
      />
      <p className="text-sm">
        <Link href="/order-guide" className="underline">
          Back to the order guide
        </Link>
      </p>
      {!mailDelivers && (
        <p className="max-w-3xl text-sm font-semibold">
          Mail is off on this Backroom (no SMTP server): lists are kept here as &quot;Not sent: mail is off&quot;, and
          nobody gets an email.
        </p>
      )}
      <OrderLists
        lists={lists}
        open={open}
        timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)}
        maySend={may(view.role ?? undefined, { purchases: ["write"] })}
      />
      <ContactForm contact={contact} mayEdit={may(view.role ?? undefined, { organization: ["update"] })} />
    </div>
  );
}
