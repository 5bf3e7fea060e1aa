import { serve } from "@/lib/backend";
import { listMembers } from "@/lib/server/core/members-api";

export const GET = serve(listMembers);
