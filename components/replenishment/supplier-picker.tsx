"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { pushParams } from "@/lib/ui/address";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { writePlanAddress } from "@/lib/ui/replenishment/address";
import { type PlanSupplier, suppliersRead } from "@/lib/domain/replenishment/requests";
import { fieldClass } from "@/lib/ui/styles";

export interface SupplierOption {
  id: number;
  name: string;
}

/**
 * The suppliers the key may plan for: the session's list for a Supplier key of several, the API's suppliers otherwise
 * (the list the editor's supplier picker reads, prefetched with the page). Active suppliers first, by name.
 */
export function useSupplierOptions(picker: PlanSupplier["picker"]): {
  options: SupplierOption[];
  loading: boolean;
  error: unknown;
} {
  const scope = useKeyScope();
  const api = useQuery({
    ...apiQueryOptions(browserApi, suppliersRead.request, suppliersRead.staleTime),
    enabled: picker === "api",
  });
  if (picker !== "api") return { options: scope.suppliers ?? [], loading: false, error: undefined };
  const options = (api.data?.records ?? [])
    .flatMap((s) =>
      typeof s.SupplierID === "number"
        ? [{ id: s.SupplierID, name: s.Supplier ?? `Supplier ${s.SupplierID}`, active: s.Active !== false }]
        : [],
    )
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name))
    .map(({ id, name }) => ({ id, name }));
  return { options, loading: api.isPending, error: api.error ?? undefined };
}

/** Whom to plan for: a select whose choice goes into the address (`supplier`), read in the browser. */
export function SupplierPicker({
  value,
  options,
  loading,
}: {
  value: number | undefined;
  options: SupplierOption[];
  loading: boolean;
}) {
  const id = useId();
  const listed = value === undefined || options.some((o) => o.id === value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Supplier
      </label>
      <select
        id={id}
        value={value === undefined ? "" : String(value)}
        onChange={(e) =>
          pushParams((p) => writePlanAddress(p, { supplier: e.target.value ? Number(e.target.value) : undefined }))
        }
        className={fieldClass(false, "mt-1 max-w-md")}
      >
        <option value="">{loading ? "Loading suppliers…" : "Choose a supplier"}</option>
        {!listed && <option value={String(value)}>Supplier {value}</option>}
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name} ({o.id})
          </option>
        ))}
      </select>
    </div>
  );
}
