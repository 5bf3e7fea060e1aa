import { serve } from "@/lib/backend";
import { movedAgingExport } from "@/lib/server/moved-routes";

export const GET = serve(movedAgingExport);
