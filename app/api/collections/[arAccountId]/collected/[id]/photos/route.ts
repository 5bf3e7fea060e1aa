import { serve } from "@/lib/backend";
import { addCollectedPhoto } from "@/lib/server/collections/collected-photos-api";

export const POST = serve(addCollectedPhoto);
