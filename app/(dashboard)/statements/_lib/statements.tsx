import "server-only";
import Link from "next/link";
import { Suspense } from "react";
import { RetailerAccounts } from "@/components/statements/retailer-accounts";
import type { KeyType } from "@/lib/data-api/operation";
import { namesInScope } from "@/lib/domain/key-scope";
import { pageRead } from "@/lib/domain/page-href";
import type { SessionKey } from "@/lib/session/session-view";
import { accountsOfOpenInvoices } from "@/lib/ui/overview/requests";
import { accountsRequest, PAYMENTS_STALE } from "@/lib/ui/payments/requests";
import { serverAnswer } from "../../_lib/prefetch";
import { BlockSkeleton } from "../../_lib/streamed";
import { StaffSearch } from "./staff-search";
import { readSection, StatementSection } from "./statement-section";

type Params = Awaited<PageProps<"/statements">["searchParams"]>;

/** The accounts to choose from (a retailer's, from its open invoices, named by the session), then the chosen one's statement. */
export async function Statements({
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
