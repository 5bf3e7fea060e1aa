import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { getStatementPdf } from "@/lib/server/statements/statements-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/statements/{arAccountId}.pdf?asOf=&size=A4|Letter: an AR account's statement of account as a PDF.
export const GET = answerFailures(async (request: Request, context: { params: Promise<{ file: string }> }) =>
  getStatementPdf(request, (await context.params).file, await backend()),
);
