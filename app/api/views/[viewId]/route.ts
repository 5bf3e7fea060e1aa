import { serve } from "@/lib/backend";
import { deleteView, renameView } from "@/lib/server/views/views-api";

export const PATCH = serve(renameView);
export const DELETE = serve(deleteView);
