import { serve } from "@/lib/backend";
import { revokeMenu } from "@/lib/server/menus/menus-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/menus/{token} (or the link's id): revokes the link; its page answers 404 from now on.
export const DELETE = serve(revokeMenu);
