import { serve } from "@/lib/backend";
import { getListsByInvoice } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/order-guide/lists/by-invoice?customer=&invoice=: the reorder lists an invoice was matched to, for its
// page's link back (lib/server/order-guide/shared-api.ts).
export const GET = serve(getListsByInvoice);
