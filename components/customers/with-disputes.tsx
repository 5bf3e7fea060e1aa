import type { PageCredit } from "@/components/credit/customer-credit";
import type { StoreDisputes } from "@/lib/domain/disputes/digest";

/** The customer's page: its children once the store's disputes and credit are read (undefined: no section). */
export async function WithDisputes({
  disputes,
  credit,
  children,
}: {
  disputes: Promise<StoreDisputes | undefined>;
  credit: Promise<PageCredit | undefined>;
  children: (found: StoreDisputes | undefined, credited: PageCredit | undefined) => React.ReactNode;
}) {
  const [found, credited] = await Promise.all([disputes, credit]);
  return children(found, credited);
}
