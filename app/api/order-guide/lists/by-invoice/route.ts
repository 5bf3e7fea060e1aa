import { serve } from "@/lib/backend";
import { getListsByInvoice } from "@/lib/server/order-guide/shared-api";

export const GET = serve(getListsByInvoice);
