import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { AccountSearch } from "@/components/statements/account-search";
import { MonthlyStatements } from "@/components/statements/monthly-statements";
import { StatementView } from "@/components/statements/statement-view";
import { backend } from "@/lib/backend";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { KeyType } from "@/lib/data-api/operation";
import { searchSnapshot } from "@/lib/server/collections/collections-view";
import { pageApi } from "@/lib/server/core/page-api";
import { currentSession } from "@/lib/server/core/current-session";
import { type ActorOf, refusalFor } from "@/lib/server/core/define-route";
import { accountStatement } from "@/lib/server/statements/statement-data";
import { statementDisputes } from "@/lib/server/statements/statement-disputes";
import { loadStatementSchedule } from "@/lib/server/statements/statements-api";
import { may } from "@/lib/session/roles";
import type { SessionKey } from "@/lib/session/session-view";
import { describeFailure, describeStale } from "@/lib/ui/failure";
import { namesInScope } from "@/lib/domain/key-scope";
import { accountsOfOpenInvoices } from "@/lib/ui/overview/requests";
import { PAGE_PARAMS, pageHref, pageRead } from "@/lib/domain/page-href";
import { accountsRequest, PAYMENTS_STALE } from "@/lib/ui/payments/requests";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { fieldClass, PRIMARY } from "@/lib/ui/styles";
import { PageTitle } from "../_lib/page-title";
import { serverAnswer } from "../_lib/prefetch";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";

export const metadata: Metadata = { title: "Statements · Backroom" };

type Params = Awaited<PageProps<"/statements">["searchParams"]>;

/** An account's statement as read (its reads under way while the page lists the accounts), or why it could not be. */
async function readSection(account: number, keyType: KeyType) {
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
async function StatementSection({
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

/**
 * How the distributor's staff find an account (an Employee key, any AR account): the search of the key's collections
 * snapshot. A key without one yet has its first walk queued by a search for a name (as the Collections page queues it
 * on a visit; not on every visit here, whose reads would spend the key's budget for a search nobody made).
 */
async function StaffSearch({
  workspaceId,
  keyId,
  q,
  account,
}: {
  workspaceId: string;
  keyId: string;
  q: string;
  account: number | undefined;
}) {
  const { db, collections } = await backend();
  const { matches, reading } = await searchSnapshot(db, collections, workspaceId, keyId, q);
  return <AccountSearch q={q} matches={matches} reading={reading} account={account} />;
}

/** A retailer's AR accounts (from its open invoices), and another one by its number. */
function RetailerAccounts({
  accounts,
  account,
  named,
}: {
  accounts: { id: number; name: string }[];
  account: number | undefined;
  named: number | undefined;
}) {
  return (
    <nav aria-label="AR accounts" className="flex flex-wrap items-end gap-x-6 gap-y-3">
      {accounts.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {accounts.map((a) => (
            <li key={a.id}>
              <Link
                href={pageHref.statements({ account: a.id })}
                prefetch={false}
                aria-current={a.id === account ? "page" : undefined}
                className="block rounded border border-slate-400 px-3 py-1.5 text-sm aria-[current=page]:border-sky-800 aria-[current=page]:bg-sky-50 aria-[current=page]:font-semibold dark:aria-[current=page]:border-sky-300 dark:aria-[current=page]:bg-sky-950"
              >
                {a.name} <span className="text-slate-700 dark:text-slate-300">· AR account {a.id}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <form method="get" action="/statements" className="flex items-end gap-2">
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="statement-account">{accounts.length > 0 ? "Another AR account" : "AR account"}</label>
          <input
            id="statement-account"
            name={PAGE_PARAMS.statements.account}
            inputMode="numeric"
            pattern="\d{1,12}"
            required
            defaultValue={named === undefined || accounts.some((a) => a.id === named) ? "" : String(named)}
            className={fieldClass(false, "mt-1 w-36")}
          />
        </div>
        <button type="submit" className={PRIMARY}>
          Open the statement
        </button>
      </form>
    </nav>
  );
}

/** The accounts to choose from (a retailer's, from its open invoices, named by the session), then the chosen one's statement. */
async function Statements({
  keyType,
  customers,
  params,
  timeZone,
  staff,
}: {
  keyType: KeyType;
  customers: SessionKey["scope"]["customers"];
  params: Params;
  timeZone: string | undefined;
  staff: { workspaceId: string; keyId: string } | undefined;
}) {
  const { account: named, asOf: asked, q = "" } = pageRead.statements(params);
  // An account named in the address: its statement is read beside the accounts' list, not after it (one round trip).
  const early = named === undefined ? undefined : readSection(named, keyType);
  let accounts: { id: number; name: string }[] = [];
  if (keyType === "Customer") {
    const open = (await serverAnswer({ request: accountsRequest, staleTime: PAYMENTS_STALE }))?.records ?? [];
    const ids = accountsOfOpenInvoices(open);
    accounts = ids.map((id) => {
      const customerIds = [
        ...new Set(open.flatMap((i) => (i.ARAccountID === id && i.CustomerID != null ? [i.CustomerID] : []))),
      ];
      const names = namesInScope(customers, customerIds);
      return { id, name: names ? [...names.values()].join(", ") : `AR account ${id}` };
    });
  }
  const account = named ?? (accounts.length === 1 ? accounts[0]!.id : undefined);
  return (
    <div className="space-y-6">
      {staff ? (
        <StaffSearch workspaceId={staff.workspaceId} keyId={staff.keyId} q={q} account={account} />
      ) : (
        <RetailerAccounts accounts={accounts} account={account} named={named} />
      )}
      {account === undefined ? (
        // Staff who searched see what the search found, above.
        (keyType === "Customer" || !q) && (
          <p className="text-sm">
            {keyType === "Customer" ? (
              accounts.length === 0 ? (
                "Nothing is open on this key's accounts: enter an AR account to see its statement."
              ) : (
                "Choose an AR account to see its statement."
              )
            ) : (
              <>
                Find an account by its customer to see its statement, or open one from{" "}
                <Link href="/collections" prefetch={false} className="underline">
                  Collections
                </Link>
                , the accounts to call.
              </>
            )}
          </p>
        )
      ) : (
        <Suspense
          key={account}
          fallback={<BlockSkeleton height="h-96" label={`Loading the statement of AR account ${account}`} />}
        >
          <StatementSection
            account={account}
            reading={account === named && early ? early : readSection(account, keyType)}
            asked={asked}
            timeZone={timeZone}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Statements of account: for a retailer (Customer key) each of its AR accounts, for the distributor's staff
 * (Employee key) any, as of the Data API's last close: the aging and its invoices, the credit on payments, the last 90
 * days' payments and allocations, what changed since; a PDF of it to file. Brands' keys have none.
 */
export default async function StatementsPage({ searchParams }: PageProps<"/statements">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  if (active.keyType === "Supplier") {
    return (
      <div className="space-y-2">
        <PageTitle title="Statements" />
        <p className="max-w-3xl">
          Statements of account are a retailer&apos;s (Customer keys) and the distributor&apos;s staff&apos;s (Employee
          keys): a brand&apos;s key has none. Switch to another key to see them.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <PageTitle
        title="Statements"
        intro="An AR account's statement of account as the distributor's last close left it: what is open and how old, the credit on payments, the last 90 days' payments and allocations. Download it as a PDF to file or forward."
      />
      {active.keyType === "Customer" && (
        <Monthly
          keyId={active.id}
          workspaceId={view.workspace!.id}
          canManage={may(view.role, { organization: ["update"] })}
          demo={view.demo}
        />
      )}
      <Suspense fallback={<BlockSkeleton height="h-12" label="Loading the accounts" />}>
        <Statements
          keyType={active.keyType}
          customers={active.scope.customers}
          params={params}
          timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)}
          staff={active.keyType === "Employee" ? { workspaceId: view.workspace!.id, keyId: active.id } : undefined}
        />
      </Suspense>
    </div>
  );
}

/** A retailer's monthly statements by email, as they stand: what `GET /api/statements/schedule` answers. */
async function Monthly({
  keyId,
  workspaceId,
  canManage,
  demo,
}: {
  keyId: string;
  workspaceId: string;
  canManage: boolean;
  demo: boolean;
}) {
  const initial = await loadStatementSchedule({ workspace: { id: workspaceId }, key: { id: keyId } }, await backend());
  return <MonthlyStatements initial={initial} canManage={canManage} demo={demo} />;
}
