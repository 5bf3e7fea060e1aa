interface ColumnHelpProps {
  columns: readonly { id: string; header: string; help?: string }[];
}

/** What the shown columns mean, folded under the table (the table's description). */
export function ColumnHelp({ columns }: ColumnHelpProps) {
  return (
    <details id="column-help" className="text-sm">
      <summary className="cursor-pointer font-semibold">What the columns mean</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {columns.map((c) => (
          <div key={c.id} className="contents">
            <dt className="font-semibold">{c.header}</dt>
            <dd>{c.help}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
