import { serve } from "@/lib/backend";
import { movedReorders } from "@/lib/server/moved-routes";

export const GET = serve(movedReorders);
