import { serve } from "@/lib/backend";
import { getDisputeFigures } from "@/lib/server/disputes/figures-api";

export const GET = serve(getDisputeFigures);
