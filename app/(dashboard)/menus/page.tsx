import type { Metadata } from "next";
import { MenusManager } from "@/components/menus/menus-manager";
import { backend } from "@/lib/backend";
import { menusPageData } from "@/lib/server/menus/menus-page";
import { may } from "@/lib/session/roles";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Shared menus · Backroom" };

const TITLE = "Shared menus";

/**
 * A brand's shared menus: links to a public page of its live menu (products, availability per warehouse,
 * current promotions, never a price), each with its name, states, categories, expiry and contact address. Every member
 * sees the list; owners and admins make and revoke links. Backroom's own data: no request to the API on opening.
 */
export default async function MenusPage() {
  const { active, view, visitor } = await requireSession();
  if (active.keyType !== "Supplier")
    return (
      <div className="space-y-2">
        <PageTitle title={TITLE} />
        <p className="max-w-3xl">
          Shared menus are a brand&apos;s: a link to a public page of its products and availability. Switch to a
          Supplier key to make one.
        </p>
      </div>
    );
  const { links, choices, today } = await menusPageData(
    (await backend()).menus,
    { workspace: view.workspace!, visitor },
    active.id,
  );
  return (
    <div className="space-y-6">
      <PageTitle
        title={TITLE}
        intro="A link to your live menu for buyers, with no sign-in: your active products, how much is available at each warehouse, and your current promotions. Never a price. Each link shows the states and categories you choose, until it expires or you revoke it."
      />
      {view.demo && (
        <p className="max-w-3xl text-sm">
          In the demo, the links you make are yours alone (no other visitor sees them) and last a day at most; their
          page says it is a demo.
        </p>
      )}
      <MenusManager
        links={links}
        choices={choices}
        canManage={may(view.role, { menus: ["manage"] })}
        today={today}
        contact={links[0]?.contactEmail ?? view.person.email}
      />
    </div>
  );
}
