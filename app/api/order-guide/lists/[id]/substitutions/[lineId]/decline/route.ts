import { serve } from "@/lib/backend";
import { declineSubstitute } from "@/lib/server/order-guide/shared-api";

export const POST = serve(declineSubstitute);
