import { serve } from "@/lib/backend";
import { getDaySettings, putDaySettings } from "@/lib/server/today/day-settings";

export const GET = serve(getDaySettings);
export const PUT = serve(putDaySettings);
