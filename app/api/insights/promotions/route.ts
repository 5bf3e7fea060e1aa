import { serve } from "@/lib/backend";
import { getPromotionLift } from "@/lib/server/insights/brand-api";

export const GET = serve(getPromotionLift);
