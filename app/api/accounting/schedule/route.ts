import { serve } from "@/lib/backend";
import { deleteExportSchedule, getExportSchedule, putExportSchedule } from "@/lib/server/accounting/schedule-api";

export const GET = serve(getExportSchedule);
export const PUT = serve(putExportSchedule);
export const DELETE = serve(deleteExportSchedule);
