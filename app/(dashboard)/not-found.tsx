import { NotFoundMessage } from "@/components/shell/not-found-message";

// A dashboard page's notFound() (a record's address with no valid id): drawn inside the dashboard's <main>.
export default function DashboardNotFound() {
  return <NotFoundMessage onward={{ href: "/", label: "Go to the overview" }} />;
}
