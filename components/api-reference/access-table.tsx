import { KEY_TYPES } from "@/lib/data-api/operation";
import type { AccessView } from "@/lib/ui/api-reference/reference-model";
import { ACCESS_WORDS } from "@/lib/ui/api-reference/reference-words";

interface AccessTableProps {
  access: AccessView;
  operationName: string;
}

const ACCESS_STYLES = {
  allowed: "text-emerald-800 dark:text-emerald-300",
  scoped: "text-slate-900 dark:text-slate-100",
  forbidden: "text-rose-800 dark:text-rose-300",
} as const;

/** Which key types may call an operation: "yes", "scoped to its accounts" or "403". */
export function AccessTable({ access, operationName }: AccessTableProps) {
  return (
    <table className="ref-table w-auto">
      <caption className="sr-only">Key types that may call {operationName}</caption>
      <thead>
        <tr>
          <th scope="col">Key type</th>
          <th scope="col">Access</th>
        </tr>
      </thead>
      <tbody>
        {KEY_TYPES.map((key) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td className={`font-semibold ${ACCESS_STYLES[access[key]]}`}>{ACCESS_WORDS[access[key]]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
