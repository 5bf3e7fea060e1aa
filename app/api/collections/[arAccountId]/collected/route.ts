import { serve } from "@/lib/backend";
import { listCollected, recordCollected } from "@/lib/server/collections/collected-api";

export const GET = serve(listCollected);
export const POST = serve(recordCollected);
