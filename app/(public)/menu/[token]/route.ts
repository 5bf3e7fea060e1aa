import { serve } from "@/lib/backend";
import { servePublicMenu } from "@/lib/server/menus/public-menu-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /menu/{token}: a brand's live menu, public (no sign-in), from its snapshot; noindex, rate-limited per address.
export const GET = serve(servePublicMenu);
