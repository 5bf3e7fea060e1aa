import type { ReactNode } from "react";
import { pageSize } from "@/lib/data-api/query-params";
import { ACCESS_WORDS, HEADER_TEXT } from "@/lib/ui/api-reference/reference-words";

interface ApiReferenceIntroProps {
  operationCount: number;
}

interface CardProps {
  title: string;
  children: ReactNode;
}

function Card({ title, children }: CardProps) {
  return (
    <div className="rounded-md border border-slate-300 p-4 dark:border-slate-700">
      <h3 className="mb-2 text-base font-semibold">{title}</h3>
      <div className="space-y-2 text-sm">{children}</div>
    </div>
  );
}

const PAGE_SIZE = pageSize();

/** What the Data API is and the conventions every operation shares. */
export function ApiReferenceIntro({ operationCount }: ApiReferenceIntroProps) {
  return (
    <div className="pt-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Data API reference</h1>
      <div className="mt-4 max-w-3xl space-y-3 text-base">
        <p>
          The Data API is the distributor&apos;s API. It gives retailers, brands and the distributor&apos;s own staff
          access to catalog, inventory, customers, invoices, pricing, promotions, AR aging, payments, vendors, purchases
          and sales reps.
        </p>
        <p>
          Every request carries an <code className="code-chip">x-api-key</code> header. A key is of one of three types:{" "}
          <strong>Employee</strong> (the distributor&apos;s staff), <strong>Customer</strong> (a retailer) or{" "}
          <strong>Supplier</strong> (a brand); each operation says what each type may call. <strong>v1</strong> (
          <code className="code-chip">/api/v1</code>) names things in PascalCase; <strong>v2</strong> (
          <code className="code-chip">/api/v2</code>: purchases, in Beta) in snake_case.
        </p>
        <p>
          All {operationCount} operations are listed below, generated from Backroom&apos;s endpoint registry. The same
          contract is available as a machine-readable OpenAPI document:{" "}
          <a className="link font-semibold" href="/openapi.json">
            /openapi.json
          </a>
          .
        </p>
      </div>

      <section aria-labelledby="conventions-title" className="mt-8">
        <h2 id="conventions-title" className="text-xl font-semibold">
          Conventions
        </h2>
        <details className="mt-2 rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
          <summary className="cursor-pointer rounded-lg px-4 py-3 text-base font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
            Authentication, access, paging, errors and request headers
          </summary>
          <div className="grid gap-4 border-t border-slate-300 p-4 md:grid-cols-2 xl:grid-cols-3 dark:border-slate-700">
            <Card title="Authentication">
              <p>
                Every request carries an <code className="code-chip">x-api-key</code> header with your API key. Without
                a valid key the answer is <code className="code-chip">401</code>.
              </p>
              <pre className="code-block">
                <code>{`curl -H "x-api-key: $API_KEY" \\\n  "$BASE_URL/api/v1/invoices?Statuses=1,5"`}</code>
              </pre>
            </Card>
            <Card title="Key types">
              <p>What a key may do depends on its type:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>
                  <strong>Employee</strong>: the distributor&apos;s staff; every operation.
                </li>
                <li>
                  <strong>Customer</strong>: a retailer; its own accounts only.
                </li>
                <li>
                  <strong>Supplier</strong>: a brand; its own suppliers only.
                </li>
              </ul>
              <p>
                Each operation says per key type: <strong>{ACCESS_WORDS.allowed}</strong>;{" "}
                <strong>{ACCESS_WORDS.scoped}</strong> (answers are limited to the key&apos;s accounts: filtered
                silently, or 403 for an account out of scope); or <strong>{ACCESS_WORDS.forbidden}</strong> (never
                allowed).
              </p>
            </Card>
            <Card title="Versions and naming">
              <p>
                <strong>v1</strong> (<code className="code-chip">/api/v1</code>) uses PascalCase:{" "}
                <code className="code-chip">InvoiceID</code>, <code className="code-chip">PageSize</code>,{" "}
                <code className="code-chip">{"{Data: …}"}</code>.
              </p>
              <p>
                <strong>v2</strong> (<code className="code-chip">/api/v2</code>) covers purchases, is in{" "}
                <strong>Beta</strong>, and uses snake_case: <code className="code-chip">purchase_id</code>,{" "}
                <code className="code-chip">page_size</code>, <code className="code-chip">{"{data: …}"}</code>.
              </p>
            </Card>
            <Card title="Lists, paging and values">
              <p>
                List parameters are comma-separated: <code className="code-chip">CustomerIDs=1,2,3</code>.
              </p>
              <p>
                Lists are paged with <code className="code-chip">Page</code> (from 1, default 1) and{" "}
                <code className="code-chip">PageSize</code> ({PAGE_SIZE.rule}; default {PAGE_SIZE.defaultValue}); in v2,{" "}
                <code className="code-chip">page</code> and <code className="code-chip">page_size</code>.
              </p>
              <p>
                Dates are <code className="code-chip">YYYY-MM-DD</code>; money is a decimal string (
                <code className="code-chip">dec-string</code>, like{" "}
                <code className="code-chip">&quot;125.50&quot;</code>).
              </p>
            </Card>
            <Card title="Errors">
              <p>A rejected query answers a simple error:</p>
              <pre className="code-block">
                <code>{`{"Error": "InvoiceIDs parameter is required"}`}</code>
              </pre>
              <p>A rejected body answers a detailed one:</p>
              <pre className="code-block">
                <code>{`{"Error": {"code": "VALIDATION_FAILED",\n  "detail": "…", "fieldErrors": [\n  {"field", "code", "detail"}]}}`}</code>
              </pre>
            </Card>
            <Card title="Request headers">
              <dl className="space-y-1.5">
                <div>
                  <dt className="inline">
                    <code className="code-chip">x-api-key</code>
                  </dt>{" "}
                  <dd className="inline">Required on every request.</dd>
                </div>
                {Object.entries(HEADER_TEXT).map(([header, text]) => (
                  <div key={header}>
                    <dt className="inline">
                      <code className="code-chip">{header}</code>
                    </dt>{" "}
                    <dd className="inline">{text}</dd>
                  </div>
                ))}
              </dl>
              <p>Each operation lists the headers it takes.</p>
            </Card>
          </div>
        </details>
      </section>
    </div>
  );
}
