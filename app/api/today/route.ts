import { serve } from "@/lib/backend";
import { getToday } from "@/lib/server/today/today-api";

export const GET = serve(getToday);
