import { type CancellationTier } from "~/domain/cancellation";
import { type PriceLine } from "~/domain/pricing";
import { formatCents } from "~/lib/money";
import { cancellationTerms } from "~/domain/stay-view";

/** The itemised price and what cancelling costs when: the same figures the server stores with the stay. */
export function PriceSummary({ lines, totalCents, tiers }: { lines: PriceLine[]; totalCents: number; tiers?: CancellationTier[] }) {
  return (
    <div>
      <PriceTable caption="Price" lines={lines} totalCents={totalCents} />
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

/** Price lines and their total as a table: the quote, a stay's price, the bill at check-out. `caption` names it for screen readers. */
export function PriceTable({ caption, lines, totalCents }: { caption: string; lines: readonly PriceLine[]; totalCents: number }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {lines.map((line, i) => (
          // Two lines may read the same (two retail sales at the desk): their place tells them apart.
          <tr key={`${i}-${line.label}`} className="border-b border-brand-100">
            <td className="py-2 pr-3 break-words">{line.label}</td>
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
  );
}
