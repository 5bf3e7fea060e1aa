import { serve } from "@/lib/backend";
import { movedAudit } from "@/lib/server/moved-routes";

export const GET = serve(movedAudit);
