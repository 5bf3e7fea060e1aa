import { redirect } from "next/navigation";

// The dashboard overview comes later; until then the API reference is the home page.
export default function HomePage() {
  redirect("/docs/api");
}
