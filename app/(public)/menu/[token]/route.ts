import { serve } from "@/lib/backend";
import { servePublicMenu } from "@/lib/server/menus/public-menu-route";

export const GET = serve(servePublicMenu);
