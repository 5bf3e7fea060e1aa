"use client";

import type { ReactNode } from "react";
import { formatDay } from "@/lib/format/display";
import type { DraftHeader, HeaderField } from "@/lib/domain/purchases/draft";
import { HEADER_LABELS } from "@/lib/ui/purchases/editor-state";
import type { PurchaseEditorModel } from "@/lib/ui/purchases/use-purchase-editor";
import { FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { plural } from "@/lib/format/plural";

const NOTE = "mt-1 text-xs text-slate-700 dark:text-slate-300";

/** One field of the purchase order's header, described: its control, what is said under it, and its problem. */
interface FieldSpec {
  field: HeaderField;
  control:
    | {
        kind: "select";
        value: number | undefined;
        placeholder: string;
        options: { value: number | string; label: string }[];
        disabled?: boolean;
        onChange(value: number | undefined): void;
      }
    | { kind: "date"; value: string; min: string; onChange(value: string): void }
    | { kind: "text"; value: string; maxLength: number; onChange(value: string): void };
  /** Said under the field: a hint, the vendor's facts, the earliest delivery date. */
  note?: ReactNode;
  noteTestId?: string;
}

/**
 * The header of the order (supplier, vendor, destination warehouse, delivery date, PO number, and for an Employee
 * key's new order the supplier's user it is made on behalf of) as a list of fields, each rendered by `HeaderFieldView`. The label is the field's `HEADER_LABELS`, its id `po-{field}` (the API's name,
 * where the editor sends the focus and places the API's field errors).
 */
export function HeaderFields({ editor }: { editor: PurchaseEditorModel }) {
  const errors = editor.messages.header;
  return (
    <fieldset
      disabled={editor.disabled}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-label="Purchase order header"
    >
      {headerSpecs(editor).map((spec) => (
        <HeaderFieldView key={spec.field} spec={spec} error={errors[spec.field]} />
      ))}
    </fieldset>
  );
}

function headerSpecs(editor: PurchaseEditorModel): FieldSpec[] {
  const { header, dispatch, lookups, today, state } = editor;
  const { vendorRow, vendor, choices } = lookups;
  const earliest = lookups.arrival?.day;
  const set = (field: HeaderField, changes: Partial<DraftHeader>) => dispatch({ type: "header", field, changes });
  return [
    {
      field: "supplier_id",
      control: {
        kind: "select",
        value: header.supplierId,
        placeholder: lookups.suppliersPending ? "Loading suppliers…" : "Choose a supplier",
        options: lookups.supplierList.map((s) => ({
          value: s.SupplierID ?? "",
          label: s.Supplier ?? `Supplier ${s.SupplierID}`,
        })),
        // A draft keeps its supplier.
        disabled: editor.disabled || state.globalId !== undefined,
        // Another supplier has other vendors and other users.
        onChange: (supplierId) =>
          set("supplier_id", { supplierId, vendorId: undefined, locationId: undefined, createdByUserId: undefined }),
      },
      note: state.globalId ? "A draft keeps its supplier." : undefined,
    },
    {
      field: "vendor_id",
      control: {
        kind: "select",
        value: header.vendorId,
        placeholder:
          header.supplierId === undefined
            ? "Choose the supplier first"
            : lookups.vendorsPending
              ? "Loading vendors…"
              : "Choose a vendor",
        options: choices.map((v) => ({ value: v.vendorId, label: `${v.name} (${v.vendorId})` })),
        onChange: (vendorId) => {
          // A vendor with one warehouse has it chosen; a warehouse the vendor does not deliver to is unchosen.
          const only = choices.find((v) => v.vendorId === vendorId)?.locations;
          const locationId =
            only?.length === 1 ? only[0] : only?.includes(header.locationId ?? -1) ? header.locationId : undefined;
          set("vendor_id", { vendorId, locationId });
        },
      },
      note: vendorRow && (
        <>
          Lead time {vendorRow.LeadTimeDays == null ? "—" : plural(vendorRow.LeadTimeDays, "day")} · picks up{" "}
          {vendorRow.PickupDates?.length ? vendorRow.PickupDates.join(", ") : "—"}
          {lookups.requiresBatchCodes ? " · batch codes required on every line" : ""}
        </>
      ),
      noteTestId: "vendor-facts",
    },
    {
      field: "to_location_id",
      control: {
        kind: "select",
        value: header.locationId,
        placeholder: vendor ? "Choose a warehouse" : "Choose the vendor first",
        options: (vendor?.locations ?? []).map((id) => ({ value: id, label: lookups.locationName(id) })),
        onChange: (locationId) => set("to_location_id", { locationId }),
      },
    },
    {
      field: "delivery_date",
      control: {
        kind: "date",
        value: header.deliveryDate,
        min: today,
        onChange: (deliveryDate) => set("delivery_date", { deliveryDate }),
      },
      note: earliest && (
        <>
          Earliest with the vendor&apos;s pickup and lead time: {formatDay(earliest)}{" "}
          {header.deliveryDate !== earliest && (
            <button
              type="button"
              className="link text-xs"
              onClick={() => set("delivery_date", { deliveryDate: earliest })}
            >
              Use it
            </button>
          )}
        </>
      ),
    },
    {
      field: "po_num",
      control: { kind: "text", value: header.poNum, maxLength: 64, onChange: (poNum) => set("po_num", { poNum }) },
      note: "Unique for the vendor.",
    },
    ...(editor.onBehalf ? [onBehalfSpec(editor, set)] : []),
  ];
}

/**
 * The supplier's user an Employee key orders on behalf of (created_by_user_id). Left empty, the order is the key's
 * own user's, as the API does. Chosen once: the API takes it when the order is created and never after.
 */
function onBehalfSpec(
  editor: PurchaseEditorModel,
  set: (field: HeaderField, changes: Partial<DraftHeader>) => void,
): FieldSpec {
  const { header, lookups, state } = editor;
  const { users } = lookups;
  const created = state.globalId !== undefined;
  return {
    field: "created_by_user_id",
    control: {
      kind: "select",
      value: header.createdByUserId,
      placeholder:
        header.supplierId === undefined
          ? "Choose the supplier first"
          : users.pending
            ? "Loading the supplier's users…"
            : "This key's own user (default)",
      options: users.options,
      disabled: editor.disabled || created,
      onChange: (createdByUserId) => set("created_by_user_id", { createdByUserId }),
    },
    note: created
      ? "Sent when the draft was created: the API takes it only then."
      : users.error
        ? "The supplier's users could not be loaded: the order will be this key's own user's."
        : header.supplierId !== undefined && !users.pending && users.options.length === 0
          ? "This supplier has no active users: the order will be this key's own user's."
          : "Optional. Only Employee keys may order for someone else; it is set when the order is created.",
  };
}

/** One header field: its label, its control (marked invalid and described by its problem, if any), its note and its problem. */
function HeaderFieldView({ spec, error }: { spec: FieldSpec; error: string | undefined }) {
  const { field, control } = spec;
  const common = {
    id: `po-${field}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `po-${field}-error` : undefined,
    className: fieldClass(!!error, "mt-1 w-full"),
  };
  return (
    <div>
      <label htmlFor={`po-${field}`} className="block text-sm font-semibold">
        {HEADER_LABELS[field]}
      </label>
      {control.kind === "select" ? (
        <select
          {...common}
          value={control.value ?? ""}
          disabled={control.disabled}
          onChange={(e) => control.onChange(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">{control.placeholder}</option>
          {control.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : control.kind === "date" ? (
        <input
          {...common}
          type="date"
          min={control.min}
          value={control.value}
          onChange={(e) => control.onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          value={control.value}
          autoComplete="off"
          maxLength={control.maxLength}
          onChange={(e) => control.onChange(e.target.value)}
        />
      )}
      {spec.note ? (
        <p className={NOTE} data-testid={spec.noteTestId}>
          {spec.note}
        </p>
      ) : null}
      {error && (
        <p id={`po-${field}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}
