import { serve } from "@/lib/backend";
import { listAudit } from "@/lib/server/activity/audit-api";

export const GET = serve(listAudit);
