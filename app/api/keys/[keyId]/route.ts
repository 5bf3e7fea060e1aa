import { serve } from "@/lib/backend";
import { removeKey, updateKey } from "@/lib/server/core/keys-api";

export const PATCH = serve(updateKey);
export const DELETE = serve(removeKey);
