import Link from "next/link";

interface NotFoundMessageProps {
  /** Where the page sends the person on: the dashboard's overview, their workspaces, the API reference. */
  onward: { href: string; label: string };
}

/**
 * What a page that is not there says: its heading and a way on. No `<main>` of its own: the root's not-found page (an
 * address no route matches) wraps it in one, and a segment's not-found page (`notFound()` in a dashboard or account
 * page) is drawn inside its layout's.
 */
export function NotFoundMessage({ onward }: NotFoundMessageProps) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-base">There is no page at this address.</p>
      <p className="mt-2 text-base">
        <Link className="link" href={onward.href as never} prefetch={false}>
          {onward.label}
        </Link>
      </p>
    </div>
  );
}
