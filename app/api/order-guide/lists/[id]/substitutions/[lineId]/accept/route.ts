import { serve } from "@/lib/backend";
import { acceptSubstitute } from "@/lib/server/order-guide/shared-api";

export const POST = serve(acceptSubstitute);
