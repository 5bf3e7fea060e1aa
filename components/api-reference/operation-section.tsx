import type { ReactNode } from "react";
import { AccessTable } from "./access-table";
import { MethodBadge } from "./method-badge";
import { ParamTable } from "./param-table";
import { RecordFields } from "./record-fields";
import { operationAnchor, type OperationView } from "@/lib/ui/api-reference/reference-model";
import { HEADER_TEXT, STATUS_TEXT, envelopeWords } from "@/lib/ui/api-reference/reference-words";
import { RequestBody } from "./request-body";

interface OperationSectionProps {
  operation: OperationView;
}

interface SubHeadingProps {
  children: ReactNode;
}

function SubHeading({ children }: SubHeadingProps) {
  return <h4 className="op-subheading">{children}</h4>;
}

/** One operation of the Data API: what to send, what comes back, who may call it. */
export function OperationSection({ operation: op }: OperationSectionProps) {
  const anchor = operationAnchor(op.id);
  const name = `${op.method} ${op.fullPath}`;
  const envelope = envelopeWords(op.envelope, op.record?.id);
  const isWrite = op.method !== "GET";
  return (
    <article
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-28 rounded-lg border border-slate-300 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h3 id={`${anchor}-title`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg font-semibold">
        <MethodBadge method={op.method} /> <code className="min-w-0 break-all">{op.fullPath}</code>
      </h3>
      <p className="mt-2 text-base text-slate-900 dark:text-slate-100">{op.summary}</p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span>
          Operation id <code className="code-chip">{op.id}</code>
        </span>
        <span>
          Version <code className="code-chip">{op.version}</code>
        </span>
      </p>

      <SubHeading>Parameters</SubHeading>
      <ParamTable params={op.params} operationName={name} />

      {isWrite && (
        <>
          <SubHeading>Request body</SubHeading>
          <RequestBody body={op.body} operationName={name} hasQuery={op.params.some((p) => p.location === "query")} />
        </>
      )}

      <SubHeading>Response</SubHeading>
      <p className="text-sm">
        <strong className="font-semibold">
          {op.success} {STATUS_TEXT[op.success] ?? ""}
        </strong>
        {envelope ? (
          <>
            . {envelope.kind}: <code className="code-chip break-words">{envelope.shape}</code>
          </>
        ) : (
          <>, no response body.</>
        )}
      </p>
      {envelope?.note && <p className="mt-1 text-sm">{envelope.note}</p>}
      {op.record && <RecordFields record={op.record} />}

      <div className="mt-1 grid gap-x-8 sm:grid-cols-[auto_1fr] lg:grid-cols-[auto_auto_1fr]">
        <div>
          <SubHeading>Who can call it</SubHeading>
          <AccessTable access={op.access} operationName={name} />
        </div>
        <div>
          <SubHeading>Status codes</SubHeading>
          <ul className="flex flex-wrap gap-1.5 text-sm lg:max-w-56" aria-label={`Status codes of ${name}`}>
            {op.statuses.map((status) => (
              <li key={status} className={status < 300 ? "status-chip success" : "status-chip"}>
                <code>{status}</code> {STATUS_TEXT[status] ?? ""}
              </li>
            ))}
          </ul>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <SubHeading>Request headers</SubHeading>
          <dl className="space-y-1.5 text-sm">
            <div>
              <dt className="inline">
                <code className="code-chip">x-api-key</code>
              </dt>{" "}
              <dd className="inline">required on every request: your API key.</dd>
            </div>
            {op.headers.map((header) => (
              <div key={header}>
                <dt className="inline">
                  <code className="code-chip">{header}</code>
                </dt>{" "}
                <dd className="inline">{HEADER_TEXT[header]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      {op.notes.length > 0 && (
        <>
          <SubHeading>Notes</SubHeading>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {op.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
