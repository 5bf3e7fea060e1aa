"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmbeddedList } from "@/components/views/embedded-list";
import { RecordFacts } from "@/components/views/record-facts";
import { RecordFailure, RecordLoading, RecordMissing } from "@/components/views/record-states";
import type { KeyType } from "@/lib/data-api/operation";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { supplierLists } from "@/lib/ui/directory/related-lists";
import { supplierRequest } from "@/lib/ui/directory/requests";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";

/**
 * One supplier: every field the key may see, then what relates to it, each list as much as the key may call: its
 * products, product promotions, credit terms, vendors and payment types.
 */
export function SupplierDetail({ supplierId, keyType }: { supplierId: number; keyType: KeyType }) {
  const supplier = useQuery(apiQueryOptions(browserApi, supplierRequest(supplierId), STALE.directory));
  const title = `Supplier ${supplierId}`;
  if (supplier.error)
    return (
      <RecordFailure
        title={title}
        error={supplier.error}
        onRetry={() => void supplier.refetch()}
        what="this supplier"
      />
    );
  if (!supplier.data) return <RecordLoading label={`Loading supplier ${supplierId}…`} />;
  const row = supplier.data.records[0];
  if (!row) {
    return (
      <RecordMissing title={title}>
        <p>The Data API answered with no supplier {supplierId}.</p>
        <Link className="link" prefetch={false} href="/directory/suppliers">
          All suppliers
        </Link>
      </RecordMissing>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{row.Supplier || title}</h1>
      <StaleNote of={[supplier.data]} />
      <RecordFacts row={row} columns={LIST_VIEWS.suppliers.columns} skip={["Supplier"]} />
      {supplierLists(keyType, supplierId).map((list) => (
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
