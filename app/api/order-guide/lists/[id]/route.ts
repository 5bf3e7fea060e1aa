import { serve } from "@/lib/backend";
import { getSharedList, patchSharedList } from "@/lib/server/order-guide/shared-api";

export const GET = serve(getSharedList);
export const PATCH = serve(patchSharedList);
