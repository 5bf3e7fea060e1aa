import { serve } from "@/lib/backend";
import { getOrderLists, sendOrderList } from "@/lib/server/order-guide/lists-api";

export const GET = serve(getOrderLists);
export const POST = serve(sendOrderList);
