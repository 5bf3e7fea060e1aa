interface InsightsSectionProps {
  id: string;
  title: string;
  children: React.ReactNode;
}

/** One of the Insights page's sections, named by its heading. */
export function InsightsSection({ id, title, children }: InsightsSectionProps) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
