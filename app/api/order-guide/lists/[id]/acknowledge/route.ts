import { serve } from "@/lib/backend";
import { acknowledgeList } from "@/lib/server/order-guide/shared-api";

export const POST = serve(acknowledgeList);
