import { serve } from "@/lib/backend";
import { getStatementPdf } from "@/lib/server/statements/statements-api";

export const GET = serve(getStatementPdf);
