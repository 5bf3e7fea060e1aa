import { serve } from "@/lib/backend";
import { deleteView, renameView } from "@/lib/server/reports/views-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PATCH /api/views/{viewId} {name}: renames a view (its creator, owners and admins).
export const PATCH = serve(renameView);

// DELETE /api/views/{viewId}: deletes a view and its schedule (its creator, owners and admins).
export const DELETE = serve(deleteView);
