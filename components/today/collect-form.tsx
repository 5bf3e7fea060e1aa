"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { BusyButton, type Outcome } from "@/components/account/form-bits";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { CollectedBody } from "@/lib/domain/credit/input";
import type { CollectedView, CollectionMethod } from "@/lib/domain/credit/view";
import { METHOD_CHOICES, collectedWords } from "@/lib/domain/today/collect-words";
import { describeFailure } from "@/lib/ui/failure";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { isNoConnection, writeOnce } from "@/lib/ui/offline/outbox";
import { queuePhoto } from "@/lib/ui/offline/outbox-photos";
import { outboxChanged } from "@/lib/ui/offline/use-outbox";
import { useOnline } from "@/lib/ui/offline/use-online";
import { PHOTO_ACCEPT, photoFileProblem, photoType } from "@/lib/ui/photos/photo-rules";
import { uploadPhoto } from "@/lib/ui/photos/upload-photo";
import { BUTTON, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { collectedUrl, readCollectedAgain } from "@/lib/ui/today/collected-query";

/** The form's fields as typed: text, as the inputs hold it. */
interface CollectFields {
  amount: string;
  method: CollectionMethod;
  reference: string;
  deliveryDate: string;
}

type Field = keyof CollectFields;
const FIELDS: readonly Field[] = ["amount", "method", "reference", "deliveryDate"];

/** What is sent: `CollectedBody`'s output (the amount in cents). */
type Body = ReturnType<typeof CollectedBody.parse>;

export interface CollectFormProps {
  /** The account and the store collected from, and the delivery's day. */
  stop: { arAccountId: number; customerId: number; customerName: string; deliveryDate: string | null };
  /** What the amount is filled with: what is left to collect. */
  amount: string;
  /** The recorded collection as Backroom answered it (not when it waits on the phone). */
  onSent?: (record: CollectedView) => void;
  /** How it went, once it is recorded or kept on the phone. */
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}

/** The fields as the API takes them: an empty reference is none. */
const bodyOf = (fields: CollectFields, customerId: number) => ({
  amount: fields.amount.trim(),
  method: fields.method,
  ...(fields.reference.trim() ? { reference: fields.reference } : {}),
  ...(fields.deliveryDate ? { deliveryDate: fields.deliveryDate } : {}),
  customerId,
});

/** Checks the form with the API's own schema (`CollectedBody`), each problem on its field, in its words. */
const resolverFor =
  (customerId: number): Resolver<CollectFields, unknown, Body> =>
  async (fields) => {
    const parsed = CollectedBody.safeParse(bodyOf(fields, customerId));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<CollectFields> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((f) => f === issue.path[0]) ?? "amount";
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };

/**
 * Sends the check's photo of a recorded collection (`POST …/collected/{id}/photos`, its own key): the record as answered
 * with its photo; kept in the outbox when no answer came (the record's address is known now: it goes up when the
 * connection is back). Says how it went, in words after the record's.
 */
async function sendPhoto(
  record: CollectedView,
  file: File,
  label: string,
): Promise<{ record?: CollectedView; words: string }> {
  const url = `${collectedUrl(record.arAccountId)}/${record.id}/photos`;
  const type = photoType(file);
  const key = crypto.randomUUID();
  try {
    const typed = file.type === type ? file : new Blob([file], { type });
    const answered = (await uploadPhoto(url, typed, file.name, key)) as CollectedView;
    return { record: answered, words: " The check's photo is kept with it." };
  } catch (error) {
    if (!isNoConnection(error))
      return {
        words: ` The photo was not kept: ${describeFailure(error, { what: file.name, doing: "upload", write: true, service: "Backroom" }).message}`,
      };
    await queuePhoto({ url, bytes: await file.arrayBuffer(), type, fileName: file.name, idempotencyKey: key, label });
    outboxChanged();
    return { words: " Its photo is saved on this phone, sent when you are back online." };
  }
}

/**
 * "Record a collection": what the rep took at the door (amount, filled with what is left to collect; how; the check's
 * number or the method's reference; the delivery's day; a photo of the check, optional), checked with the API's schema.
 * Sent at once online with an Idempotency-Key kept until its answer (a double press records one), then its photo; kept
 * on the phone without a connection and sent when it is back (the outbox), without its photo: the photo's address names
 * the record, which the server makes when the record arrives, so a photo needs a connection (the form says so before it
 * is sent). The server's refusal of a field (an amount above the balance) is said on it.
 */
export function CollectForm({ stop, amount, onSent, onDone, onCancel }: CollectFormProps) {
  const queryClient = useQueryClient();
  const ids = {
    amount: useId(),
    method: useId(),
    reference: useId(),
    date: useId(),
    hint: useId(),
  };
  const sending = useRef(false);
  const [failure, setFailure] = useState<string>();
  const [photo, setPhoto] = useState<File>();
  const [photoProblem, setPhotoProblem] = useState<string>();
  const form = useForm<CollectFields, unknown, Body>({
    resolver: resolverFor(stop.customerId),
    defaultValues: { amount, method: "check", reference: "", deliveryDate: stop.deliveryDate ?? "" },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const errors = form.formState.errors;
  // Opened by the card's button, which it takes the place of: the amount is where the person goes on.
  useEffect(() => {
    form.setFocus("amount");
  }, [form]);

  const submit = async (body: Body) => {
    // A file that is no photo is said on its field: chosen again, or cleared, before the collection is sent.
    if (sending.current || photoProblem) return;
    sending.current = true;
    setFailure(undefined);
    const words = collectedWords({ amount: body.amount, method: body.method, reference: body.reference ?? null });
    try {
      const outcome = await writeOnce<CollectedView>(sessionKeyStore(), {
        method: "POST",
        url: collectedUrl(stop.arAccountId),
        body,
        label: `${words} at ${stop.customerName}`,
      });
      if ("queued" in outcome) {
        outboxChanged();
        const without = photo ? " The photo was not kept: a photo needs a connection." : "";
        onDone({ tone: "ok", text: `${words}: saved on this phone, sent when you are back online.${without}` });
      } else {
        onSent?.(outcome.sent);
        const sent = photo ? await sendPhoto(outcome.sent, photo, `Photo of ${words} at ${stop.customerName}`) : null;
        if (sent?.record) onSent?.(sent.record);
        void readCollectedAgain(queryClient, stop.arAccountId);
        onDone({
          tone: "ok",
          text: `Recorded ${words}. It is matched to the payment when the ERP enters it.${sent?.words ?? ""}`,
        });
      }
    } catch (error) {
      const onFields = isDataApiError(error) ? error.fieldErrors : [];
      let placed = false;
      for (const f of onFields) {
        const field = FIELDS.find((name) => name === f.field);
        if (!field) continue;
        // The API names the field in its detail ("amount: …"); beside the field, the words alone.
        form.setError(
          field,
          { type: "api", message: f.detail.replace(new RegExp(`^${field}: `), "") },
          { shouldFocus: !placed },
        );
        placed = true;
      }
      if (!placed)
        setFailure(
          describeFailure(error, { what: "the collection", doing: "record", write: true, service: "Backroom" }).message,
        );
    } finally {
      sending.current = false;
    }
  };

  const field = (name: Field, id: string, hint?: string) => ({
    id,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [hint, errors[name] ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
    className: fieldClass(Boolean(errors[name]), "block min-h-11 w-full text-base sm:text-sm"),
    ...form.register(name),
  });
  return (
    <form
      noValidate
      aria-label={`Record a collection at ${stop.customerName}`}
      className="space-y-2 border-t border-slate-300 pt-2 dark:border-slate-700"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <div className="grid grid-cols-2 gap-2">
        <Labelled id={ids.amount} label="Amount ($)" error={errors.amount?.message}>
          <input inputMode="decimal" autoComplete="off" {...field("amount", ids.amount)} />
        </Labelled>
        <Labelled id={ids.method} label="Method" error={errors.method?.message}>
          <select {...field("method", ids.method)}>
            {METHOD_CHOICES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled
          id={ids.reference}
          label={method === "check" ? "Check number" : "Reference"}
          error={errors.reference?.message}
        >
          <input
            autoComplete="off"
            inputMode={method === "check" ? "numeric" : "text"}
            {...field("reference", ids.reference, ids.hint)}
          />
        </Labelled>
        <Labelled id={ids.date} label="Delivery" error={errors.deliveryDate?.message}>
          <input type="date" {...field("deliveryDate", ids.date)} />
        </Labelled>
      </div>
      <p id={ids.hint} className="text-xs text-slate-700 dark:text-slate-300">
        Optional. A check&apos;s number lets Backroom match it to the payment the ERP enters.
      </p>
      <PhotoField
        problem={photoProblem}
        onChoose={(file, problem) => {
          setPhotoProblem(problem);
          setPhoto(file && !problem ? file : undefined);
        }}
      />
      {failure && (
        <p role="alert" className={FIELD_ERROR}>
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={form.formState.isSubmitting} busyLabel="Saving…" className={`${PRIMARY} min-h-11`}>
          Save collection
        </BusyButton>
        <button type="button" onClick={onCancel} className={`${BUTTON} min-h-11`}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * "Photo of the check (optional)": the phone's camera first, checked before a byte is sent (JPEG, PNG or HEIC, 10 MB);
 * offline, it says that a photo needs a connection.
 */
function PhotoField({
  problem,
  onChoose,
}: {
  problem: string | undefined;
  onChoose: (file: File | undefined, problem: string | undefined) => void;
}) {
  const id = useId();
  const hint = useId();
  const online = useOnline();
  return (
    <>
      <Labelled id={id} label="Photo of the check (optional)" error={problem}>
        <input
          id={id}
          type="file"
          accept={PHOTO_ACCEPT}
          capture="environment"
          aria-invalid={problem ? true : undefined}
          aria-describedby={[hint, problem ? `${id}-error` : ""].filter(Boolean).join(" ")}
          className="block min-h-11 w-full text-base sm:text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            onChoose(file, file ? photoFileProblem(file) : undefined);
          }}
        />
      </Labelled>
      <p id={hint} className="text-xs text-slate-700 dark:text-slate-300">
        {online
          ? "A JPEG, PNG or HEIC photo, at most 10 MB: sent after the collection is recorded."
          : "No connection: a photo needs one. The collection is saved on this phone without its photo."}
      </p>
    </>
  );
}

/** A field with its label above and its error below (the error's id is the field's with "-error"). */
function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}
