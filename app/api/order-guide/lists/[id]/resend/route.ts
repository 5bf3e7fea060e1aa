import { serve } from "@/lib/backend";
import { resendOrderList } from "@/lib/server/order-guide/lists-api";

export const POST = serve(resendOrderList);
