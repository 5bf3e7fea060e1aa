import type { Metadata } from "next";
import { DisputeView } from "@/components/disputes/dispute-view";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Dispute · Backroom" };

// GET /disputes/{id}: one dispute as its store, its rep's side or a brand sees it, read in the browser (and again on
// focus), since the server answers each side's part of it.
export default async function DisputePage({ params }: PageProps<"/disputes/[id]">) {
  const [{ id }] = await Promise.all([params, requireSession()]);
  return <DisputeView id={id} />;
}
