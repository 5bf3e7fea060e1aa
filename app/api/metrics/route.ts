import { serve } from "@/lib/backend";
import { getMetrics } from "@/lib/server/core/probes-api";

export const GET = serve(getMetrics);
