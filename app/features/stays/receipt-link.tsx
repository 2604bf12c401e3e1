import { receiptNumberText } from "~/domain/receipt";

/** A checked-out stay's receipt on My Trips: its PDF, downloaded (ADR 0154). */
export function ReceiptLink({ stayId, number }: { stayId: string; number: number }) {
  return (
    <p className="mt-3 text-sm">
      <a href={`/trips/${stayId}/receipt.pdf`} download className="font-semibold text-brand-700 underline underline-offset-4">
        Receipt {receiptNumberText(number)} (PDF)
      </a>
    </p>
  );
}
