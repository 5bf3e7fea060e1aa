import { serve } from "@/lib/backend";
import {
  deleteStatementSchedule,
  getStatementSchedule,
  putStatementSchedule,
} from "@/lib/server/statements/statements-api";

export const GET = serve(getStatementSchedule);
export const PUT = serve(putStatementSchedule);
export const DELETE = serve(deleteStatementSchedule);
