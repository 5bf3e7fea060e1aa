import { redirect } from "next/navigation";

// GET /settings: the first of the settings pages.
export default function SettingsPage() {
  redirect("/settings/members");
}
