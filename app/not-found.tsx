import { NotFoundMessage } from "@/components/shell/not-found-message";

// An address no route matches: drawn in the root layout alone, which has no <main>, so this page brings its own. A
// dashboard or account page that calls notFound() is answered by its segment's not-found page, inside its layout's.
export default function NotFound() {
  return (
    <main id="content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-16 focus:outline-none sm:px-6">
      <NotFoundMessage onward={{ href: "/docs/api", label: "Go to the Data API reference" }} />
    </main>
  );
}
