import { serve } from "@/lib/backend";
import { chooseKey, getSession } from "@/lib/server/core/session-api";

export const GET = serve(getSession);
export const PATCH = serve(chooseKey);
