import { serve } from "@/lib/backend";
import { getReorders } from "@/lib/server/order-guide/shared-api";

export const GET = serve(getReorders);
