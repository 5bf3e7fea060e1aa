"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type * as z from "zod";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { LimitBody } from "@/lib/domain/credit/input";
import type { CreditView } from "@/lib/domain/credit/view";
import { formatMoney } from "@/lib/format/display";
import { backroomJson } from "@/lib/ui/backroom-json";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { BUTTON, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";

type LimitInput = z.input<typeof LimitBody>;
type LimitOutput = z.output<typeof LimitBody>;

interface LimitFormProps {
  arAccountId: number;
  /** The limit now (cents), or null: none set. */
  limit: string | null;
  /** The account as answered by the write (the block shows it at once; the page is read again beside it). */
  onSaved: (view: CreditView) => void;
}

/** A write's words for the person: the field's own words when the API names it, else its message. */
function failureWords(failure: unknown): { field?: string; message: string } {
  const onLimit = isDataApiError(failure) ? failure.fieldErrors.find((f) => f.field === "limit") : undefined;
  if (onLimit) return { field: onLimit.detail.replace(/^limit: /, ""), message: "" };
  return { message: failure instanceof Error ? failure.message : "The limit was not saved. Try again." };
}

/**
 * Setting or removing an AR account's credit limit (the distributor's owners, admins and accounts): one field in
 * dollars, checked with the API's own schema (`LimitBody`: at least 0, cents at most, ten million at most), sent as
 * `PUT /api/credit/{arAccountId}` with an Idempotency-Key kept until its answer (`sendOnce`): a double click sets it
 * once. "Remove the limit" sends `{limit: null}`.
 */
export function LimitForm({ arAccountId, limit, onSaved }: LimitFormProps) {
  const id = useId();
  const router = useRouter();
  const busy = useRef(false);
  const [pending, setPending] = useState<"set" | "remove" | null>(null);
  const [outcome, setOutcome] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const form = useForm<LimitInput, unknown, LimitOutput>({
    resolver: zodResolver(LimitBody),
    defaultValues: { limit: limit === null ? "" : limit },
  });

  async function save(body: LimitOutput, action: "set" | "remove") {
    if (busy.current) return;
    busy.current = true;
    setPending(action);
    setOutcome(null);
    try {
      const url = `/api/credit/${arAccountId}`;
      const view = await sendOnce(sessionKeyStore(), `PUT ${url} ${hashOf(JSON.stringify(body))}`, (key) =>
        backroomJson<CreditView>("PUT", url, { body, headers: { "Idempotency-Key": key } }),
      );
      onSaved(view);
      form.reset({ limit: view.limit ?? "" });
      setOutcome({
        tone: "ok",
        text: view.limit === null ? "The limit is removed." : `The limit is ${formatMoney(view.limit)}.`,
      });
      router.refresh();
    } catch (failure) {
      const words = failureWords(failure);
      if (words.field) form.setError("limit", { type: "api", message: words.field }, { shouldFocus: true });
      else setOutcome({ tone: "error", text: words.message });
    } finally {
      busy.current = false;
      setPending(null);
    }
  }

  const error = form.formState.errors.limit?.message;
  return (
    <form
      noValidate
      aria-label="Credit limit"
      className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-600"
      onSubmit={(event) => void form.handleSubmit((body) => save(body, "set"))(event)}
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor={`${id}-limit`}>{limit === null ? "Set a credit limit" : "Change the credit limit"}</label>
          <span id={`${id}-hint`} className="text-xs font-normal text-slate-700 dark:text-slate-300">
            In dollars, cents at most, up to $10,000,000.00
          </span>
          <div className="mt-1 flex items-center gap-1">
            <span aria-hidden="true">$</span>
            <input
              id={`${id}-limit`}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              className={fieldClass(
                Boolean(error),
                "min-h-11 w-40 text-right text-base tabular-nums sm:min-h-0 sm:text-sm",
              )}
              {...form.register("limit", {
                setValueAs: (v: unknown) => (typeof v === "string" ? v.trim().replaceAll(",", "") : v),
              })}
            />
          </div>
        </div>
        <button type="submit" className={`${PRIMARY} min-h-11`} disabled={pending !== null}>
          {pending === "set" ? "Saving…" : "Save the limit"}
        </button>
        {limit !== null && (
          <button
            type="button"
            className={`${BUTTON} min-h-11`}
            disabled={pending !== null}
            onClick={() => void save({ limit: null }, "remove")}
          >
            {pending === "remove" ? "Removing…" : "Remove the limit"}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={FIELD_ERROR} data-testid="limit-error">
          {error}
        </p>
      )}
      <div role="status" aria-live="polite" className="text-sm">
        {outcome?.tone === "ok" && <p>{outcome.text}</p>}
      </div>
      {outcome?.tone === "error" && (
        <p role="alert" className={FIELD_ERROR}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}
