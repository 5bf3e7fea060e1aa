import { serve } from "@/lib/backend";
import { getCadence } from "@/lib/server/insights/brand-api";

export const GET = serve(getCadence);
