import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { getToday } from "@/lib/server/today/today-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/today?rep=&day=: a rep's Today as one compact answer (lib/server/today/today-api.ts).
export const GET = answerFailures(async (request: Request) => getToday(request, await backend()));
