import { serve } from "@/lib/backend";
import { putOrderListContact } from "@/lib/server/order-guide/lists-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PUT /api/order-guide/contact {email | null}: the workspace's contact for stores with no SalesRepEmail.
export const PUT = serve(putOrderListContact);
