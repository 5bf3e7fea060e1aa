import { serve } from "@/lib/backend";
import { listDisputes } from "@/lib/server/disputes/disputes-api";
import { raiseDispute } from "@/lib/server/disputes/raise-api";

export const GET = serve(listDisputes);
export const POST = serve(raiseDispute);
