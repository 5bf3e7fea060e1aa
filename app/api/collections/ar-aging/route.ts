import { serve } from "@/lib/backend";
import { getAgingExport } from "@/lib/server/collections/aging-export";

export const GET = serve(getAgingExport);
