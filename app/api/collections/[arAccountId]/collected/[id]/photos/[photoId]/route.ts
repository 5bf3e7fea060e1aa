import { serve } from "@/lib/backend";
import { getCollectedPhoto } from "@/lib/server/collections/collected-photos-api";

export const GET = serve(getCollectedPhoto);
