import { serve } from "@/lib/backend";
import { deleteExportSchedule, getExportSchedule, putExportSchedule } from "@/lib/server/accounting/schedule-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/schedule: the active retailer key's exports to the books by email, and whom they mail.
export const GET = serve(getExportSchedule);

// PUT /api/accounting/schedule {cadence, day, localTime, timeZone, formats}: makes or replaces it.
export const PUT = serve(putExportSchedule);

// DELETE /api/accounting/schedule: stops it.
export const DELETE = serve(deleteExportSchedule);
