"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RequestError } from "@/components/table/request-error";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { customerUsersRequest } from "@/lib/domain/customers/customer-requests";
import { detailHref } from "@/lib/domain/views/detail-paths";
import { browserApi } from "@/lib/ui/browser-api";

const TOUCH = "link inline-flex min-h-11 items-center sm:min-h-0";

interface CustomerPeopleProps {
  customerId: number;
  /** Whether the key may list users (`/users`). */
  readsUsers: boolean;
  /** The rep as the customer's record names them. */
  rep: { userId?: number | null; name?: string | null; email?: string | null; phone?: string | null };
}

/**
 * Whom to talk to: the store's people (`/users?CustomerIDs=`: name, job title, email as a mail link) and its rep (name,
 * linked to their page where the record gives their id; phone as a `tel:` link; email), from the customer's record.
 */
export function CustomerPeople({ customerId, readsUsers, rep }: CustomerPeopleProps) {
  const users = useQuery({
    ...apiQueryOptions(browserApi, customerUsersRequest(customerId), STALE.directory),
    enabled: readsUsers,
  });
  const repHref = detailHref("UserIDs", rep.userId);
  const people = (users.data?.records ?? []).filter((u) => u.CustomerIDs?.includes(customerId) ?? true);
  return (
    <section aria-labelledby="customer-people" className="max-w-3xl space-y-2 text-sm">
      <h2 id="customer-people" className="text-lg font-semibold">
        People
      </h2>
      {!readsUsers ? (
        <p>This key does not list the store&apos;s users.</p>
      ) : users.error ? (
        <RequestError error={users.error} onRetry={() => void users.refetch()} what="the store's people" />
      ) : users.isPending ? (
        <span role="status" aria-busy="true" aria-label="Loading the store's people" className="skeleton block h-12" />
      ) : people.length === 0 ? (
        <p>No user of the store is on record.</p>
      ) : (
        <ul className="space-y-1" aria-label="The store's people">
          {people.map((person) => (
            <li key={person.UserID}>
              <span className="font-semibold">{person.FullName ?? `User ${person.UserID}`}</span>
              {person.JobTitle && <span className="text-slate-700 dark:text-slate-300"> · {person.JobTitle}</span>}
              {person.Email && (
                <>
                  {" · "}
                  <a href={`mailto:${person.Email}`} className={TOUCH}>
                    {person.Email}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p data-testid="rep">
        <span className="font-semibold">Rep:</span>{" "}
        {rep.name && repHref ? (
          <Link href={repHref as never} prefetch={false} className={TOUCH}>
            {rep.name}
          </Link>
        ) : (
          (rep.name ?? "not named on the record")
        )}
        {rep.phone && (
          <>
            {" · "}
            <a href={`tel:${rep.phone.replace(/[^\d+]/g, "")}`} className={TOUCH}>
              {rep.phone}
            </a>
          </>
        )}
        {rep.email && (
          <>
            {" · "}
            <a href={`mailto:${rep.email}`} className={TOUCH}>
              {rep.email}
            </a>
          </>
        )}
      </p>
    </section>
  );
}
