import { serve } from "@/lib/backend";
import { deleteSchedule, putSchedule } from "@/lib/server/reports/views-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PUT /api/views/{viewId}/schedule {frequency, weekday, localTime, timeZone, recipients}: mails the view's CSV.
export const PUT = serve(putSchedule);

// DELETE /api/views/{viewId}/schedule: stops the view's reports.
export const DELETE = serve(deleteSchedule);
