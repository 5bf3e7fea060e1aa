import type { RecordView } from "@/lib/ui/api-reference/reference-model";

interface RecordFieldsProps {
  record: RecordView;
}

/** The fields of the response record, folded in a `<details>` so that the page stays scannable. */
export function RecordFields({ record }: RecordFieldsProps) {
  return (
    <details className="group mt-2 rounded-md border border-slate-300 dark:border-slate-600">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
        <code>{record.id}</code> fields ({record.fields.length})
      </summary>
      <div className="border-t border-slate-300 px-3 pb-3 pt-2 dark:border-slate-600">
        {record.description && <p className="mb-2 text-sm">{record.description}</p>}
        <p className="mb-2 text-sm">
          A <code className="code-chip">?</code> after a type means the value can be{" "}
          <code className="code-chip">null</code>.
        </p>
        <div className="table-scroll">
          <table className="ref-table stack">
            <caption className="sr-only">Fields of {record.id}</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {record.fields.map((f) => (
                <tr key={f.name}>
                  <th scope="row">
                    <code className="name">{f.name}</code>
                  </th>
                  <td data-label="Type">
                    <code>{f.label}</code>
                  </td>
                  <td data-label="Description">{f.description ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}
