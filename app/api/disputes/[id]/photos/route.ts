import { serve } from "@/lib/backend";
import { addDisputePhoto } from "@/lib/server/disputes/photos-api";

export const POST = serve(addDisputePhoto);
