import { serve } from "@/lib/backend";
import { closeDispute } from "@/lib/server/disputes/disputes-api";

export const POST = serve(closeDispute);
