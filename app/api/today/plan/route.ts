import { serve } from "@/lib/backend";
import { getPlan } from "@/lib/server/today/plan-api";

export const GET = serve(getPlan);
