import { serve } from "@/lib/backend";
import { getStatementPdf } from "@/lib/server/statements/statements-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/statements/{arAccountId}.pdf?asOf=&size=A4|Letter: an AR account's statement of account as a PDF.
export const GET = serve(getStatementPdf);
