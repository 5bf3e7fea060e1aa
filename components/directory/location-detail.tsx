"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmbeddedList } from "@/components/views/embedded-list";
import { RecordFacts } from "@/components/views/record-facts";
import { RecordFailure, RecordLoading, RecordMissing } from "@/components/views/record-states";
import type { KeyType } from "@/lib/data-api/operation";
import { MISSING } from "@/lib/format/display";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { addressLines } from "@/lib/ui/directory/postal-address";
import { locationLists } from "@/lib/ui/directory/related-lists";
import { locationRequest } from "@/lib/ui/directory/requests";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";

/** The fields the address block shows, left out of the facts beside it. */
const IN_ADDRESS = ["Location", "DBA", "Address", "Address2", "Address3", "City", "PostalCode"];

/** One warehouse: its address as a block, its other fields, and its stock (inventory, or availability for Customer keys). */
export function LocationDetail({ locationId, keyType }: { locationId: number; keyType: KeyType }) {
  const location = useQuery(apiQueryOptions(browserApi, locationRequest(locationId), STALE.reference));
  const title = `Warehouse ${locationId}`;
  if (location.error)
    return (
      <RecordFailure
        title={title}
        error={location.error}
        onRetry={() => void location.refetch()}
        what="this warehouse"
      />
    );
  if (!location.data) return <RecordLoading label={`Loading warehouse ${locationId}…`} />;
  const row = location.data.records[0];
  if (!row) {
    return (
      <RecordMissing title={title}>
        <p>The Data API answered with no warehouse {locationId}.</p>
        <Link className="link" prefetch={false} href="/directory/locations">
          All warehouses
        </Link>
      </RecordMissing>
    );
  }
  const lines = addressLines(row);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{row.Location || title}</h1>
      <StaleNote of={[location.data]} />
      <div className="flex flex-col gap-6 md:flex-row">
        <section
          aria-labelledby="location-address"
          className="min-w-56 rounded border border-slate-300 p-3 dark:border-slate-700"
        >
          <h2 id="location-address" className="mb-1 font-semibold">
            Address
          </h2>
          <address className="text-sm not-italic">
            {lines.length
              ? lines.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))
              : MISSING}
          </address>
        </section>
        <RecordFacts row={row} columns={LIST_VIEWS.locations.columns} skip={IN_ADDRESS} />
      </div>
      {locationLists(keyType, locationId).map((list) => (
        <EmbeddedList
          key={list.name}
          name={list.name}
          query={list.query}
          title={list.title}
          href={list.href}
          columns={list.columns}
        />
      ))}
    </div>
  );
}
