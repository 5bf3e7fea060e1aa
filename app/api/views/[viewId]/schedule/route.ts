import { serve } from "@/lib/backend";
import { deleteSchedule, putSchedule } from "@/lib/server/reports/views-api";

export const PUT = serve(putSchedule);
export const DELETE = serve(deleteSchedule);
