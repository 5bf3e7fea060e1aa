import { redirect } from "next/navigation";

// The dashboard overview comes with the dashboard (issue 9); until then a person starts by connecting a key, where
// the key ring and the API reference are a click away.
export default function HomePage() {
  redirect("/connect");
}
