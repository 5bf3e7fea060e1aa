import { backend } from "@/lib/backend";
import { deleteSchedule, putSchedule } from "@/lib/server/reports/views-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ viewId: string }> };

// PUT /api/views/{viewId}/schedule {frequency, weekday, localTime, timeZone, recipients}: mails the view's CSV.
export const PUT = answerFailures(async (request: Request, context: Context) =>
  putSchedule(request, (await context.params).viewId, await backend()),
);

// DELETE /api/views/{viewId}/schedule: stops the view's reports.
export const DELETE = answerFailures(async (request: Request, context: Context) =>
  deleteSchedule(request, (await context.params).viewId, await backend()),
);
