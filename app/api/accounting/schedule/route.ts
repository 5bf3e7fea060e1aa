import { backend } from "@/lib/backend";
import { deleteExportSchedule, getExportSchedule, putExportSchedule } from "@/lib/server/accounting/schedule-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET, PUT, DELETE /api/accounting/schedule: the active retailer key's exports to the books by email.
export const GET = answerFailures(async (request: Request) => getExportSchedule(request, await backend()));
export const PUT = answerFailures(async (request: Request) => putExportSchedule(request, await backend()));
export const DELETE = answerFailures(async (request: Request) => deleteExportSchedule(request, await backend()));
