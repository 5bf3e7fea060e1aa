import { serve } from "@/lib/backend";
import { getToday } from "@/lib/server/today/today-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/today?rep=&day=: a rep's Today as one compact answer (Employee keys).
export const GET = serve(getToday);
