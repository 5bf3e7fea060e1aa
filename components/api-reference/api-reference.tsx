import { operationList } from "@/lib/data-api/registry";
import { ApiReferenceIntro } from "./api-reference-intro";
import { OperationSearch, type SearchEntry } from "./operation-search";
import { groupByResource, operationAnchor, operationView, searchText } from "@/lib/ui/api-reference/reference-model";
import { ResourceSection } from "./resource-section";
import { ResourceToc } from "./resource-toc";

/**
 * The Data API reference, generated from the endpoint registry. Rendered on the server; only the search filter runs in
 * the browser, and it receives nothing but the text to match per operation.
 */
export function ApiReference() {
  const views = operationList.map(operationView);
  const groups = groupByResource(views);
  const entries: SearchEntry[] = groups.flatMap((group) =>
    group.operations.map((op) => ({ id: operationAnchor(op.id), group: group.anchor, text: searchText(op) })),
  );
  return (
    <main id="content" tabIndex={-1} className="mx-auto max-w-7xl px-4 pb-16 focus:outline-none sm:px-6 lg:px-8">
      <ApiReferenceIntro operationCount={views.length} />
      <div className="mt-10 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <ResourceToc groups={groups} />
        <div className="min-w-0">
          <OperationSearch entries={entries} />
          {groups.map((group) => (
            <ResourceSection key={group.anchor} group={group} />
          ))}
        </div>
      </div>
    </main>
  );
}
