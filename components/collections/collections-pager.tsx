import Link from "next/link";
import { type CollectionsQuery, collectionsHref } from "@/lib/domain/collections/collections-list";
import { BUTTON } from "@/lib/ui/styles";

interface CollectionsPagerProps {
  query: CollectionsQuery;
  page: number;
  pages: number;
}

/** Links to the list's previous and next pages, back to the top of the list. */
export function CollectionsPager({ query, page, pages }: CollectionsPagerProps) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link
          href={`${collectionsHref({ ...query, page: page - 1 })}#collections-list` as never}
          prefetch={false}
          className={BUTTON}
        >
          Previous<span className="sr-only"> page</span>
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link
          href={`${collectionsHref({ ...query, page: page + 1 })}#collections-list` as never}
          prefetch={false}
          className={BUTTON}
        >
          Next<span className="sr-only"> page</span>
        </Link>
      ) : null}
    </nav>
  );
}
