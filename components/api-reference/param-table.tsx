import { NoneMark } from "./none-mark";
import type { ParamRow } from "@/lib/ui/api-reference/reference-model";

interface ParamTableProps {
  params: readonly ParamRow[];
  /** The operation, for the table's accessible name: "GET /api/v1/invoices". */
  operationName: string;
}

interface RuleCellProps {
  param: ParamRow;
}

function RuleCell({ param }: RuleCellProps) {
  const { rule, values } = param;
  if (!rule && !values) return <NoneMark />;
  return (
    <>
      {rule && <span className="block">{rule}</span>}
      {values && !rule?.includes(values.join(", ")) && (
        <span className="block">
          Allowed values:{" "}
          {values.map((v, i) => (
            <span key={v}>
              {i > 0 && ", "}
              <code className="code-chip">{v}</code>
            </span>
          ))}
        </span>
      )}
    </>
  );
}

/** Path and query parameters of one operation; path parameters come first and say so. */
export function ParamTable({ params, operationName }: ParamTableProps) {
  if (params.length === 0) {
    return <p className="text-sm">No path or query parameters.</p>;
  }
  return (
    <div className="table-scroll">
      <table className="ref-table stack">
        <caption className="sr-only">Parameters of {operationName}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Required</th>
            <th scope="col">Default</th>
            <th scope="col">Rule / allowed values</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {params.map((p) => (
            <tr key={`${p.location}-${p.name}`}>
              <th scope="row">
                <code className="name">{p.name}</code>
                {p.location === "path" && <span className="ml-1.5 text-xs font-semibold">(in path)</span>}
              </th>
              <td data-label="Kind">{p.kind}</td>
              <td data-label="Required">
                {p.required ? <strong className="font-semibold">required</strong> : "optional"}
              </td>
              <td data-label="Default">
                {p.defaultValue !== undefined ? <code className="code-chip">{p.defaultValue}</code> : <NoneMark />}
              </td>
              <td data-label="Rule">
                <RuleCell param={p} />
              </td>
              <td data-label="Description">{p.description ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
