import { serve } from "@/lib/backend";
import { getOrderGuide } from "@/lib/server/order-guide/guide-api";

export const GET = serve(getOrderGuide);
