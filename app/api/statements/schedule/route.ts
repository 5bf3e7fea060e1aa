import { serve } from "@/lib/backend";
import {
  deleteStatementSchedule,
  getStatementSchedule,
  putStatementSchedule,
} from "@/lib/server/statements/statements-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/statements/schedule: the active retailer key's monthly statements by email, and whom they mail.
export const GET = serve(getStatementSchedule);

// PUT /api/statements/schedule {dayOfMonth, localTime, timeZone, paperSize}: makes or replaces it (owners and admins).
export const PUT = serve(putStatementSchedule);

// DELETE /api/statements/schedule: stops it (owners and admins).
export const DELETE = serve(deleteStatementSchedule);
