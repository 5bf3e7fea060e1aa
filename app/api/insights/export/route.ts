import { serve } from "@/lib/backend";
import { getExport } from "@/lib/server/insights/insights-api";

export const GET = serve(getExport);
