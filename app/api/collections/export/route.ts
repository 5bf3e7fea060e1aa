import { serve } from "@/lib/backend";
import { getCollectionsExport } from "@/lib/server/collections/collections-api";

export const GET = serve(getCollectionsExport);
