import { serve } from "@/lib/backend";
import { getOpenApi } from "@/lib/server/routes";

export const GET = serve(getOpenApi);
