import { serve } from "@/lib/backend";
import { listPaymentRequesters } from "@/lib/server/activity/requesters-api";

export const GET = serve(listPaymentRequesters);
