import { serve } from "@/lib/backend";
import { listRequests } from "@/lib/server/core/request-log-api";

export const GET = serve(listRequests);
