import type { Metadata } from "next";
import { RequestLog } from "@/components/requests/request-log";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Request log · Backroom" };

export default async function RequestsPage() {
  await requireSession();
  return (
    <div className="space-y-4">
      <PageTitle
        title="Request log"
        intro="Your recent requests to the Data API through Backroom, newest first. Support asks for the request id."
      />
      <RequestLog />
    </div>
  );
}
