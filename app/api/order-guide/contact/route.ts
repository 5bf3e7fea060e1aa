import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { putOrderListContact } from "@/lib/server/order-guide/lists-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PUT /api/order-guide/contact {email | null}: the workspace's contact for stores with no SalesRepEmail.
export const PUT = answerFailures(async (request: Request) => putOrderListContact(request, await backend()));
