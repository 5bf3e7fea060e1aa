import { serve } from "@/lib/backend";
import { getDispute } from "@/lib/server/disputes/disputes-api";

export const GET = serve(getDispute);
