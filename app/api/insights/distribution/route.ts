import { serve } from "@/lib/backend";
import { getDistribution } from "@/lib/server/insights/brand-api";

export const GET = serve(getDistribution);
