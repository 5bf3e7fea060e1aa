import { serve } from "@/lib/backend";
import { getSubstitutes } from "@/lib/server/order-guide/shared-api";

export const GET = serve(getSubstitutes);
