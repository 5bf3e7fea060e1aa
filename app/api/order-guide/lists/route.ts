import { serve } from "@/lib/backend";
import { getOrderLists, sendOrderList } from "@/lib/server/order-guide/lists-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/order-guide/lists[?list=id]: the workspace's reorder lists (lib/server/order-guide/lists-api.ts).
export const GET = serve(getOrderLists);

// POST /api/order-guide/lists {customer, lines} with an Idempotency-Key: a reorder list mailed to the store's rep.
export const POST = serve(sendOrderList);
