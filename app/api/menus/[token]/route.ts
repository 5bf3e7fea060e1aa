import { serve } from "@/lib/backend";
import { revokeMenu } from "@/lib/server/menus/menus-api";

export const DELETE = serve(revokeMenu);
