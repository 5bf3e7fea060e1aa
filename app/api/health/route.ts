import { serve } from "@/lib/backend";
import { getHealth } from "@/lib/server/core/probes-api";

export const GET = serve(getHealth);
