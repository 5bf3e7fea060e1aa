import { serve } from "@/lib/backend";
import { authDoor } from "@/lib/server/core/auth/auth-door";

export const GET = serve(authDoor);
export const POST = serve(authDoor);
