import { serve } from "@/lib/backend";
import { getDisputePhoto } from "@/lib/server/disputes/photos-api";

export const GET = serve(getDisputePhoto);
