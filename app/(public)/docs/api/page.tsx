import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";

export const metadata: Metadata = {
  title: "Data API reference · Backroom",
  description: "Every operation of the distributor's Data API: parameters, bodies, responses, access and status codes.",
};

export default function ApiReferencePage() {
  return <ApiReference />;
}
