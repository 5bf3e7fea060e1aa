import type { Metadata } from "next";
import { SavedViews } from "@/components/saved-views/saved-views";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Saved views · Backroom" };

export default async function SavedViewsPage() {
  const { view } = await requireSession();
  return (
    <div className="space-y-4">
      <PageTitle
        title="Saved views"
        intro={`Lists saved with their filters in ${view.workspace!.name}, for every member. A view can be scheduled: its CSV, made as the page's Export CSV makes it, mailed daily or weekly to members.`}
      />
      <SavedViews />
    </div>
  );
}
