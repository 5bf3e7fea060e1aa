import { serve } from "@/lib/backend";
import { createMenu, listMenus } from "@/lib/server/menus/menus-api";

export const GET = serve(listMenus);
export const POST = serve(createMenu);
