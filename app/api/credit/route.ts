import { serve } from "@/lib/backend";
import { listCredit } from "@/lib/server/credit/credit-api";

export const GET = serve(listCredit);
