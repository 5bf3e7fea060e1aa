import "server-only";
import { StatementView } from "@/components/statements/statement-view";
import { backend } from "@/lib/backend";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { KeyType } from "@/lib/data-api/operation";
import { currentSession } from "@/lib/server/core/current-session";
import { type ActorOf, refusalFor } from "@/lib/server/core/define-route";
import { pageApi } from "@/lib/server/core/page-api";
import { accountStatement } from "@/lib/server/statements/statement-data";
import { statementDisputes } from "@/lib/server/statements/statement-disputes";
import { describeFailure, describeStale } from "@/lib/ui/failure";

/** An account's statement as read (its reads under way while the page lists the accounts), or why it could not be. */
export async function readSection(account: number, keyType: KeyType) {
  try {
    const read = await accountStatement(await pageApi(backend), account, { keyType });
    return { read, disputes: read ? await pageStatementDisputes(read.statement) : [] };
  } catch (error) {
    return { error };
  }
}

/** The disputes of the statement's stores its reader is a side of (Backroom's database; `statementDisputes`). */
async function pageStatementDisputes(statement: { customers: { customerId: number }[] }) {
  const session = await currentSession(backend);
  if (!session || refusalFor(session.actor, "key")) return [];
  const { db } = await backend();
  return statementDisputes(
    await pageApi(backend),
    db,
    session.actor as ActorOf["key"],
    statement.customers.map((c) => c.customerId),
  );
}

/** The statement of an account, streamed in. */
export async function StatementSection({
  account,
  reading,
  asked,
  timeZone,
}: {
  account: number;
  reading: ReturnType<typeof readSection>;
  asked: string | undefined;
  timeZone: string | undefined;
}) {
  const { read, error, disputes } = await reading;
  if (error !== undefined) {
    const failure = describeFailure(error, { what: `the statement of AR account ${account}` });
    return (
      <p role="alert" className="max-w-3xl rounded border border-red-700 px-3 py-2 text-sm dark:border-red-400">
        {failure.message}
        {error instanceof DataApiError && error.requestId ? ` (request ${error.requestId})` : ""}
      </p>
    );
  }
  if (!read) {
    return (
      <p role="status" className="max-w-3xl text-sm">
        Nothing of AR account {account} can be read with this key: no open invoice, payment or allocation. A
        retailer&apos;s key reads its own accounts only.
      </p>
    );
  }
  const askedFor = asked && asked !== read.statement.asOf ? asked : undefined;
  return (
    <StatementView
      statement={read.statement}
      askedFor={askedFor}
      staleLine={read.stale ? describeStale(read.stale, timeZone ?? "UTC", new Date()) : undefined}
      timeZone={timeZone ?? "UTC"}
      disputes={disputes}
    />
  );
}
