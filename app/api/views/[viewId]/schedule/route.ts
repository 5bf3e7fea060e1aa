import { serve } from "@/lib/backend";
import { deleteSchedule, putSchedule } from "@/lib/server/views/views-api";

export const PUT = serve(putSchedule);
export const DELETE = serve(deleteSchedule);
