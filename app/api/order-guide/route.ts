import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { getOrderGuide } from "@/lib/server/order-guide/guide-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/order-guide?customer=&coverDays=: a store's order guide (lib/server/order-guide/guide-api.ts).
export const GET = answerFailures(async (request: Request) => getOrderGuide(request, await backend()));
