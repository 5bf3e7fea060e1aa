import { serve } from "@/lib/backend";
import { getSales } from "@/lib/server/insights/insights-api";

export const GET = serve(getSales);
