"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RecordFacts } from "@/components/views/record-facts";
import { RecordFailure, RecordLoading, RecordMissing } from "@/components/views/record-states";
import { RequestError } from "@/components/table/request-error";
import { apiQueryOptions, apiWalkOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { describeFailure } from "@/lib/ui/failure";
import { userRequest } from "@/lib/ui/directory/requests";
import {
  findRep,
  needsRepRecord,
  repAccounts,
  type RepLookup,
  SALES_REP_PAGES,
  type SalesRep,
  salesRepsRequest,
} from "@/lib/ui/directory/sales-rep";
import { detailHref } from "@/lib/domain/views/detail-paths";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";

/**
 * One user: their record (role, job title, states, the accounts they are linked to) and, for a sales rep, the customers
 * and suppliers they serve. A key the API shows only its own users (Customer and Supplier keys) still sees its reps:
 * the page then shows the rep's record from /salesReps, and says so.
 */
export function UserDetail({
  userId,
  hidden = false,
}: {
  userId: number /** The server was answered 404 for this user: not asked again. */;
  hidden?: boolean;
}) {
  const user = useQuery({ ...apiQueryOptions(browserApi, userRequest(userId), STALE.directory), enabled: !hidden });
  const notFound =
    hidden || (user.error ? describeFailure(user.error, { what: "this user" }).kind === "not-found" : false);
  const row = user.data?.records[0];
  const wantsRep = needsRepRecord({
    role: row?.Role,
    notFound: notFound || (user.data !== undefined && row === undefined),
  });
  const reps = useQuery({
    ...apiWalkOptions(browserApi, salesRepsRequest, STALE.directory, SALES_REP_PAGES),
    enabled: wantsRep,
  });
  const lookup = reps.data ? findRep(reps.data, userId) : undefined;
  const title = `User ${userId}`;

  if (user.error && !notFound)
    return <RecordFailure title={title} error={user.error} onRetry={() => void user.refetch()} what="this user" />;
  if (!user.data && !notFound) return <RecordLoading label={`Loading user ${userId}…`} />;

  if (!row) {
    // Not a user this key may read: their sales rep record, when they are one of the key's reps.
    if (reps.error)
      return (
        <RecordFailure title={title} error={reps.error} onRetry={() => void reps.refetch()} what="the sales reps" />
      );
    if (!lookup) return <RecordLoading label={`Loading user ${userId}…`} />;
    if (lookup.state !== "found") {
      return (
        <RecordMissing title={title}>
          <p>
            No user {userId} that this key may see: the Data API does not show it, and it is not one of the key&apos;s
            sales reps
            {lookup.state === "beyond" ? ` (the first ${lookup.searched.toLocaleString("en-US")} read)` : ""}.
          </p>
          <Link className="link" prefetch={false} href="/directory/users">
            All users
          </Link>
        </RecordMissing>
      );
    }
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight">{lookup.rep.Name || title}</h1>
        <StaleNote of={[reps.data]} />
        <p className="max-w-3xl text-sm">
          The Data API shows this key only its own users, so this is the sales rep record it gives for them
          (/salesReps).
        </p>
        <RecordFacts
          row={lookup.rep}
          columns={LIST_VIEWS.salesReps.columns}
          skip={["Name", "Customers", "Suppliers"]}
        />
        <RepAccounts rep={lookup.rep} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{row.FullName || title}</h1>
      <StaleNote of={[user.data, reps.data]} />
      <RecordFacts row={row} columns={LIST_VIEWS.users.columns} skip={["FullName"]} />
      {row.Role === "DistributorRep" && (
        <RepSection lookup={lookup} error={reps.error} onRetry={() => void reps.refetch()} />
      )}
    </div>
  );
}

/** A rep's accounts as their user page shows them, once the rep list has answered. */
function RepSection({
  lookup,
  error,
  onRetry,
}: {
  lookup: RepLookup | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <section aria-labelledby="user-accounts" className="space-y-2">
        <h2 id="user-accounts" className="text-lg font-semibold">
          Accounts
        </h2>
        <RequestError error={error} onRetry={onRetry} what="the sales reps" />
      </section>
    );
  }
  if (!lookup) return <RecordLoading label="Loading the accounts…" />;
  if (lookup.state === "found") return <RepAccounts rep={lookup.rep} />;
  return (
    <section aria-labelledby="user-accounts" className="space-y-2">
      <h2 id="user-accounts" className="text-lg font-semibold">
        Accounts
      </h2>
      <p className="text-sm">
        {lookup.state === "absent"
          ? "Not among the sales reps this key sees: the Data API lists only active reps, with their active customers and suppliers."
          : `Not among the first ${lookup.searched.toLocaleString("en-US")} sales reps read.`}
      </p>
    </section>
  );
}

/** The customers and suppliers a sales rep serves, each linked to its page. */
function RepAccounts({ rep }: { rep: SalesRep }) {
  const { customers, suppliers } = repAccounts(rep);
  return (
    <section aria-labelledby="user-accounts" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="user-accounts" className="text-lg font-semibold">
          Accounts
        </h2>
        <Link className="link text-sm" prefetch={false} href="/directory/sales-reps">
          All sales reps
        </Link>
      </div>
      <AccountList heading="Customers" kind="CustomerIDs" items={customers} />
      <AccountList heading="Suppliers" kind="SupplierIDs" items={suppliers} />
    </section>
  );
}

function AccountList({
  heading,
  kind,
  items,
}: {
  heading: string;
  kind: string;
  items: { id: number; name: string }[];
}) {
  const id = `user-accounts-${heading.toLowerCase()}`;
  return (
    <div className="space-y-1">
      <h3 id={id} className="font-semibold">
        {heading} ({items.length.toLocaleString("en-US")})
      </h3>
      {items.length ? (
        <ul aria-labelledby={id} className="gap-x-6 text-sm sm:columns-2 lg:columns-3">
          {items.map((item) => {
            const href = detailHref(kind, item.id);
            return (
              <li key={item.id} className="break-inside-avoid">
                {href ? (
                  <Link className="link" prefetch={false} href={href as never}>
                    {item.name}
                  </Link>
                ) : (
                  item.name
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm">None.</p>
      )}
    </div>
  );
}
