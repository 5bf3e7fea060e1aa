import type { ResourceGroup } from "@/lib/ui/api-reference/reference-model";

interface ResourceTocProps {
  groups: readonly ResourceGroup[];
}

/**
 * In-page links to the resource groups. The search filter hides the links of the groups it leaves empty
 * (`data-toc-group`), and shows `data-toc-none` when it leaves none.
 */
export function ResourceToc({ groups }: ResourceTocProps) {
  return (
    <nav aria-label="Resources" className="mb-6 lg:sticky lg:top-4 lg:mb-0 lg:self-start">
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        Resources
      </h2>
      <ul className="flex flex-wrap gap-x-1 gap-y-1 lg:flex-col">
        {groups.map((group) => (
          <li key={group.anchor} data-toc-group={group.anchor}>
            <a
              href={`#${group.anchor}`}
              className="block rounded-md px-2 py-1 text-sm text-slate-900 underline-offset-2 hover:bg-slate-200 hover:underline dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {group.name}
            </a>
          </li>
        ))}
        <li data-toc-none hidden className="px-2 py-1 text-sm">
          No matching resources.
        </li>
      </ul>
    </nav>
  );
}
