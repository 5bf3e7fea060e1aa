"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { BusyButton, FormStatus, type Outcome, TextField } from "@/components/account/form-bits";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import {
  DATE_FORMATS,
  type DateFormat,
  formatBookDay,
  MAPPING_LABELS,
  XERO_TAX_TYPES,
} from "@/lib/domain/accounting/mapping";
import { accountingClient, MAPPING_KEY, type MappingJson, PREVIEW_KEY } from "@/lib/ui/accounting/accounting-client";
import { formFieldOf, MappingForm, mappingOf, type MappingValues, valuesOf } from "@/lib/ui/accounting/mapping-form";
import { describeFailure } from "@/lib/ui/failure";
import { FIELD_ERROR } from "@/lib/ui/styles";
import { TOUCH } from "./export-form";

/** The day the date formats are shown with. */
const EXAMPLE_DAY = "2026-11-05";

type Named = Exclude<keyof MappingValues, "accounts" | "dateFormat" | "xeroTaxType">;

interface FieldSpec {
  name: Named;
  label: string;
  hint: string;
}

/** QuickBooks' fields (Online and Desktop): accounts by their names in the chart of accounts. */
const QUICKBOOKS_FIELDS: FieldSpec[] = [
  {
    name: "defaultAccount",
    label: MAPPING_LABELS.defaultAccount,
    hint: "For a product type without an account of its own, and charges beyond an invoice's lines.",
  },
  { name: "bankAccount", label: MAPPING_LABELS.bankAccount, hint: "Where payments leave from: each is one bank line." },
  {
    name: "creditsAccount",
    label: MAPPING_LABELS.creditsAccount,
    hint: "Where a brand's credit pays from, not the bank.",
  },
  {
    name: "prepaymentsAccount",
    label: MAPPING_LABELS.prepaymentsAccount,
    hint: "Where a payment's money not yet applied to a bill waits, and later allocations pay from. A Bank-type account in QuickBooks.",
  },
  {
    name: "payablesAccount",
    label: MAPPING_LABELS.payablesAccount,
    hint: "The IIF's bills and bill payments, and a returned payment.",
  },
];

/** Xero's fields: accounts by their codes (letters and digits, at most 10); blank until set. */
const XERO_FIELDS: FieldSpec[] = [
  {
    name: "xeroDefaultAccount",
    label: MAPPING_LABELS.xeroDefaultAccount,
    hint: "For a product type without a code of its own, and charges. Xero's bills wait for it.",
  },
];

const LEGEND = "text-sm font-semibold";

/**
 * The mapping's form (react-hook-form, checked with `MappingForm`, `zod/mini`, before it is sent): the vendor, then
 * QuickBooks' names and Xero's codes apart (each program's own group), and per product type of the catalogue its
 * QuickBooks account and its Xero code (folded: a catalogue has a few dozen; blank is the default). Saved with
 * `PUT /api/accounting/mapping`: the outcome said, a refused field's words on it. Read-only, with who may change it,
 * for other roles.
 */
export function MappingEditor({ data }: { data: MappingJson }) {
  const client = useQueryClient();
  const values = useMemo(() => valuesOf(data.mapping, data.productTypes ?? []), [data]);
  const form = useForm<MappingValues, unknown, MappingValues>({ resolver: zodResolver(MappingForm), values });
  const [outcome, setOutcome] = useState<Outcome>();
  const [typesOpen, setTypesOpen] = useState(false);
  const errors = form.formState.errors;
  const mapped = values.accounts.filter((a) => a.account.trim() !== "" || a.xeroAccount.trim() !== "").length;

  const save = async (next: MappingValues) => {
    setOutcome(undefined);
    try {
      const saved = await accountingClient.saveMapping(mappingOf(next));
      client.setQueryData<MappingJson>(MAPPING_KEY, { ...data, ...saved });
      // The previews' rows name the vendor and the accounts: asked again.
      void client.invalidateQueries({ queryKey: PREVIEW_KEY });
      setOutcome({
        tone: "ok",
        text: `Saved: exports from now on name the vendor “${saved.mapping.vendorName}”; Xero's files write dates as ${saved.mapping.dateFormat}.`,
      });
    } catch (error) {
      if (isDataApiError(error))
        for (const field of error.fieldErrors) {
          const name = formFieldOf(field.field, next) as FieldPath<MappingValues> | undefined;
          if (!name) continue;
          if (name.startsWith("accounts")) setTypesOpen(true);
          // The server names the field before its words ("vendorName: required"); beside the field, the words alone.
          const prefix = `${field.field}: `;
          const words = field.detail.startsWith(prefix) ? field.detail.slice(prefix.length) : field.detail;
          form.setError(name, { type: "api", message: words });
        }
      setOutcome({
        tone: "error",
        text: describeFailure(error, { what: "the mapping", doing: "save", service: "Backroom" }).message,
      });
    }
  };

  // No maxLength: a name past its limit is said so on the field, never cut short as it is typed.
  const text = (name: Named | `accounts.${number}.account` | `accounts.${number}.xeroAccount`) => {
    const { ref, ...field } = form.register(name);
    return { inputRef: ref, ...field, autoComplete: "off", spellCheck: false };
  };
  const textField = (f: FieldSpec) => (
    <TextField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message} {...text(f.name)} />
  );

  return (
    <form
      aria-label="The mapping"
      noValidate
      className={`space-y-4 ${TOUCH}`}
      onSubmit={form.handleSubmit(save, (invalid) => {
        if (invalid.accounts) setTypesOpen(true);
      })}
    >
      {!data.mayChange && (
        <p className="rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
          Owners, admins and the Accounts role set the mapping; your role reads it.
        </p>
      )}
      <fieldset disabled={!data.mayChange} className="space-y-4">
        <legend className="sr-only">The mapping</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={MAPPING_LABELS.vendorName}
            hint="The distributor as your books name it: QuickBooks' vendor, Xero's contact and payee. At most 41 characters, no double quote (QuickBooks Desktop's limits)."
            error={errors.vendorName?.message}
            {...text("vendorName")}
          />
        </div>
        <fieldset className="space-y-3 rounded border border-slate-300 px-3 pb-3 dark:border-slate-700">
          <legend className={`${LEGEND} px-1`}>QuickBooks (Online and Desktop): account names</legend>
          <p className="text-xs text-slate-700 dark:text-slate-300">
            As your chart of accounts names them. QuickBooks&apos; files write dates month first.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">{QUICKBOOKS_FIELDS.map(textField)}</div>
        </fieldset>
        <fieldset className="space-y-3 rounded border border-slate-300 px-3 pb-3 dark:border-slate-700">
          <legend className={`${LEGEND} px-1`}>Xero: account codes</legend>
          <p className="text-xs text-slate-700 dark:text-slate-300">
            The codes of your Xero chart of accounts (letters and digits, at most 10), not QuickBooks&apos; names. Until
            they are set, Xero&apos;s files are not made: the preview names what is missing.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {XERO_FIELDS.map(textField)}
            <TaxTypeField register={form.register("xeroTaxType")} error={errors.xeroTaxType?.message} />
            <DateFormatField register={form.register("dateFormat")} error={errors.dateFormat?.message} />
          </div>
        </fieldset>
        <details
          open={typesOpen}
          onToggle={(e) => setTypesOpen(e.currentTarget.open)}
          className="rounded border border-slate-300 dark:border-slate-700"
        >
          <summary className="flex min-h-11 cursor-pointer items-center px-3 py-2 text-sm sm:min-h-0">
            <span>
              <span className="font-semibold">Accounts by product type</span>
              {` · ${values.accounts.length} ${values.accounts.length === 1 ? "type" : "types"}, ${mapped} with an account of ${mapped === 1 ? "its" : "their"} own`}
            </span>
          </summary>
          <div className="space-y-3 border-t border-slate-300 px-3 py-3 dark:border-slate-700">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {data.productTypes === null
                ? "The catalogue could not be read just now: the types the mapping names are shown. "
                : "The catalogue's product types. "}
              Blank: the default account (or code).
            </p>
            <div className="space-y-3">
              {values.accounts.map((row, i) => (
                <fieldset key={row.type} className="grid gap-3 sm:grid-cols-2">
                  <legend className="sr-only">{row.type}</legend>
                  <TextField
                    label={`${row.type}: QuickBooks account`}
                    error={errors.accounts?.[i]?.account?.message}
                    {...text(`accounts.${i}.account`)}
                  />
                  <TextField
                    label={`${row.type}: Xero code`}
                    error={errors.accounts?.[i]?.xeroAccount?.message}
                    {...text(`accounts.${i}.xeroAccount`)}
                  />
                </fieldset>
              ))}
            </div>
          </div>
        </details>
        {data.mayChange && (
          <BusyButton busy={form.formState.isSubmitting} busyLabel="Saving…">
            Save the mapping
          </BusyButton>
        )}
      </fieldset>
      <FormStatus outcome={outcome} focus={outcome?.tone === "ok" || Object.keys(errors).length === 0} />
    </form>
  );
}

/** A select as tall as the form's text fields (`inputClass`, whose `read-only:` grey a select would take). */
function selectClass(invalid: boolean): string {
  return `mt-1 w-full rounded border bg-white px-3 py-2 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-50 ${invalid ? "border-red-700 dark:border-red-400" : "border-slate-400 dark:border-slate-500"}`;
}

type Registered = ReturnType<ReturnType<typeof useForm<MappingValues>>["register"]>;

/** Xero's tax rate of the bills' lines: one of the rates Xero's US and Global editions ship, or not set. */
function TaxTypeField({ register, error }: { register: Registered; error: string | undefined }) {
  return (
    <div>
      <label htmlFor="mapping-xero-tax-type" className="block text-sm font-semibold">
        {MAPPING_LABELS.xeroTaxType}
      </label>
      <p id="mapping-xero-tax-type-hint" className="text-xs text-slate-700 dark:text-slate-300">
        The tax rate of every bill line, as Xero names it. Xero&apos;s bills wait for it.
      </p>
      <select
        id="mapping-xero-tax-type"
        aria-describedby={
          error ? "mapping-xero-tax-type-hint mapping-xero-tax-type-error" : "mapping-xero-tax-type-hint"
        }
        aria-invalid={error ? true : undefined}
        className={selectClass(Boolean(error))}
        {...register}
      >
        <option value="">Not set</option>
        {XERO_TAX_TYPES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {error && (
        <p id="mapping-xero-tax-type-error" className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The Xero organisation's date format, each shown with a day written that way. */
function DateFormatField({ register, error }: { register: Registered; error: string | undefined }) {
  return (
    <div>
      <label htmlFor="mapping-date-format" className="block text-sm font-semibold">
        {MAPPING_LABELS.dateFormat}
      </label>
      <p id="mapping-date-format-hint" className="text-xs text-slate-700 dark:text-slate-300">
        As your Xero organisation reads dates. QuickBooks&apos; files are always month first.
      </p>
      <select
        id="mapping-date-format"
        aria-describedby={error ? "mapping-date-format-hint mapping-date-format-error" : "mapping-date-format-hint"}
        aria-invalid={error ? true : undefined}
        className={selectClass(Boolean(error))}
        {...register}
      >
        {DATE_FORMATS.map((format: DateFormat) => (
          <option key={format} value={format}>
            {format} ({formatBookDay(EXAMPLE_DAY, format)})
          </option>
        ))}
      </select>
      {error && (
        <p id="mapping-date-format-error" className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}
