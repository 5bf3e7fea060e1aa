import { serve } from "@/lib/backend";
import { replyToDispute } from "@/lib/server/disputes/disputes-api";

export const POST = serve(replyToDispute);
