import { serve } from "@/lib/backend";
import { movedRequesters } from "@/lib/server/moved-routes";

export const GET = serve(movedRequesters);
