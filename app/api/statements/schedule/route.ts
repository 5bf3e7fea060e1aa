import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import {
  deleteStatementSchedule,
  getStatementSchedule,
  putStatementSchedule,
} from "@/lib/server/statements/statements-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET, PUT, DELETE /api/statements/schedule: the active retailer key's monthly statements by email.
export const GET = answerFailures(async (request: Request) => getStatementSchedule(request, await backend()));
export const PUT = answerFailures(async (request: Request) => putStatementSchedule(request, await backend()));
export const DELETE = answerFailures(async (request: Request) => deleteStatementSchedule(request, await backend()));
