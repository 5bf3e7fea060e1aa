import { serve } from "@/lib/backend";
import { createView, listViews } from "@/lib/server/views/views-api";

export const GET = serve(listViews);
export const POST = serve(createView);
