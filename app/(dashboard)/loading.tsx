import { TableSkeleton } from "./_lib/streamed";

/**
 * What a dashboard page shows the moment it is asked for, inside the sidebar and header, until its own shell arrives
 * (its title and its regions, which stream in as their data answers).
 */
export default function DashboardLoading() {
  return (
    <div className="space-y-4">
      <span className="skeleton block h-8 w-64" aria-hidden="true" />
      <span className="skeleton block h-4 w-full max-w-3xl" aria-hidden="true" />
      <TableSkeleton label="Loading the page" />
    </div>
  );
}
