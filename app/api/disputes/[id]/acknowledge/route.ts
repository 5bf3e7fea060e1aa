import { serve } from "@/lib/backend";
import { acknowledgeDispute } from "@/lib/server/disputes/disputes-api";

export const POST = serve(acknowledgeDispute);
