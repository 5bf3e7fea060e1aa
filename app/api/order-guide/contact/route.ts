import { serve } from "@/lib/backend";
import { putOrderListContact } from "@/lib/server/order-guide/lists-api";

export const PUT = serve(putOrderListContact);
