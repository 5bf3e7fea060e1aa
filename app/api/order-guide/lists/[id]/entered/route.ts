import { serve } from "@/lib/backend";
import { enterList } from "@/lib/server/order-guide/shared-api";

export const POST = serve(enterList);
