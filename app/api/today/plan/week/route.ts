import { serve } from "@/lib/backend";
import { getPlanWeek } from "@/lib/server/today/plan-api";

export const GET = serve(getPlanWeek);
