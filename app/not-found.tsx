import Link from "next/link";

export default function NotFound() {
  return (
    <main id="content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-16 focus:outline-none sm:px-6">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-base">There is no page at this address.</p>
      <p className="mt-2 text-base">
        <Link className="link" href="/docs/api" prefetch={false}>
          Go to the Data API reference
        </Link>
      </p>
    </main>
  );
}
