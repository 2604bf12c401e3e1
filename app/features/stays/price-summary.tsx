import { type CancellationTier, type PriceLine } from "./model";
import { formatCents } from "~/lib/money";
import { cancellationTerms } from "./view";

/** The itemised price and what cancelling costs when: the same figures the server stores with the stay. */
export function PriceSummary({ lines, totalCents, tiers }: { lines: PriceLine[]; totalCents: number; tiers?: CancellationTier[] }) {
  return (
    <div>
      <table className="w-full text-left">
        <caption className="sr-only">Price</caption>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label} className="border-b border-brand-100">
              <td className="py-2 pr-3">{line.label}</td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 pr-3 font-bold">
              Total
            </th>
            <td className="py-2 text-right font-bold whitespace-nowrap tabular-nums">{formatCents(totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {tiers ? (
        <ul className="mt-3 grid gap-1 text-sm" aria-label="Cancellation terms">
          {cancellationTerms(tiers, formatCents).map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
