import type { RequestBodyView } from "@/lib/ui/api-reference/reference-model";

interface RequestBodyProps {
  body: RequestBodyView | undefined;
  operationName: string;
  /** The operation takes query parameters (a write whose inputs are in the query string). */
  hasQuery: boolean;
}

/** A nested field name with line-break opportunities after each `.`: `purchase_transactions[].<wbr>product_id`. */
function breakable(name: string) {
  const parts = name.split(".");
  return parts.map((part, i) => (
    <span key={i}>
      {i > 0 && "."}
      {i > 0 && <wbr />}
      {part}
    </span>
  ));
}

/** The JSON request body of a write, as a flat list of fields; nested fields are written `items[].field`. */
export function RequestBody({ body, operationName, hasQuery }: RequestBodyProps) {
  if (!body) {
    return <p className="text-sm">No request body{hasQuery ? "; the inputs are the query parameters above" : ""}.</p>;
  }
  return (
    <>
      <p className="text-sm">
        JSON, sent with <code className="code-chip">Content-Type: application/json</code>.
        {body.closed && (
          <>
            {" "}
            Unknown properties are rejected
            {body.lenient && (
              <>
                ; with <code className="code-chip">Prefer: handling=lenient</code> they are ignored
              </>
            )}
            .
          </>
        )}
      </p>
      <div className="table-scroll">
        <table className="ref-table stack">
          <caption className="sr-only">Request body fields of {operationName}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Constraints</th>
            </tr>
          </thead>
          <tbody>
            {body.rows.map((row) => (
              <tr key={row.name}>
                <th scope="row" style={{ paddingInlineStart: `${0.5 + row.depth * 1}rem` }}>
                  <code className="name">{breakable(row.name)}</code>
                </th>
                <td data-label="Type">{row.type}</td>
                <td data-label="Required">
                  {row.required ? <strong className="font-semibold">required</strong> : "optional"}
                </td>
                <td data-label="Constraints">{row.constraints.join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
