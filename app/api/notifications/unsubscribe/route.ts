import { serve } from "@/lib/backend";
import { postUnsubscribe } from "@/lib/server/notifications/settings-api";

export const POST = serve(postUnsubscribe);
