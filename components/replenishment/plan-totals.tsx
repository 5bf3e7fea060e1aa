import type { PlanRow } from "@/lib/domain/replenishment/plan";
import { planTotals } from "@/lib/ui/replenishment/view";
import { formatQuantity } from "@/lib/format/display";
import { TableFrame } from "@/components/table/table-frame";
import { vendorLabel } from "@/lib/ui/replenishment/vendor-label";

/**
 * What the suggestions in view come to, per vendor and warehouse (the orders they would make) and in all: lines,
 * cases and units. The person's own ticks and numbers are totalled by the draft panel, per order it would make.
 */
export function PlanTotals({ rows }: { rows: readonly PlanRow[] }) {
  const { groups, all } = planTotals(rows);
  if (groups.length === 0) return <p className="text-sm">No suggestions among these rows.</p>;
  // In a frame that scrolls on a phone: a vendor's and a warehouse's names are wider than its screen.
  return (
    <TableFrame label="Suggested totals" bare className="max-w-3xl">
      <table className="data-table" aria-label="Suggested, by vendor and warehouse">
        <thead>
          <tr>
            <th scope="col">Warehouse</th>
            <th scope="col">Vendor</th>
            <th scope="col" className="numeric">
              Lines
            </th>
            <th scope="col" className="numeric">
              Cases
            </th>
            <th scope="col" className="numeric">
              Units
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={`${g.locationId}:${g.vendorId}`}>
              <td>{g.warehouseName ?? `Warehouse ${g.locationId}`}</td>
              <td>{vendorLabel({ vendorId: g.vendorId, name: g.vendorName })}</td>
              <td className="numeric tabular-nums">{formatQuantity(g.lines)}</td>
              <td className="numeric tabular-nums">{formatQuantity(g.cases)}</td>
              <td className="numeric tabular-nums">{formatQuantity(g.units)}</td>
            </tr>
          ))}
        </tbody>
        {groups.length > 1 && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="text-left">
                All
              </th>
              <td className="numeric tabular-nums font-semibold">{formatQuantity(all.lines)}</td>
              <td className="numeric tabular-nums font-semibold">{formatQuantity(all.cases)}</td>
              <td className="numeric tabular-nums font-semibold">{formatQuantity(all.units)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </TableFrame>
  );
}
