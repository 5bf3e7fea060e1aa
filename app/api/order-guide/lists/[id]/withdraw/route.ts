import { serve } from "@/lib/backend";
import { withdrawOrderList } from "@/lib/server/order-guide/withdraw-api";

export const POST = serve(withdrawOrderList);
