import { serve } from "@/lib/backend";
import { addKey, listKeys } from "@/lib/server/core/keys-api";

export const GET = serve(listKeys);
export const POST = serve(addKey);
