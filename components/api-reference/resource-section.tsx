import { OperationSection } from "./operation-section";
import type { ResourceGroup } from "@/lib/ui/api-reference/reference-model";

interface ResourceSectionProps {
  group: ResourceGroup;
}

/** One resource group ("Invoices") and its operations. */
export function ResourceSection({ group }: ResourceSectionProps) {
  return (
    <section id={group.anchor} aria-labelledby={`${group.anchor}-title`} className="mb-10 scroll-mt-28">
      <h2
        id={`${group.anchor}-title`}
        className="mb-4 border-b border-slate-300 pb-2 text-2xl font-bold dark:border-slate-700"
      >
        {group.name}
      </h2>
      <div className="space-y-6">
        {group.operations.map((operation) => (
          <OperationSection key={operation.id} operation={operation} />
        ))}
      </div>
    </section>
  );
}
