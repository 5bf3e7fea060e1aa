import { serve } from "@/lib/backend";
import { getCredit, putCreditLimit } from "@/lib/server/credit/credit-api";

export const GET = serve(getCredit);
export const PUT = serve(putCreditLimit);
