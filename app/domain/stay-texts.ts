/** A text from an owner as the stay's page and Today show it (ADR 0191). */
export interface StayTextView {
  id: string;
  from: string | null;
  phone: string;
  body: string;
  receivedAt: Date;
  conversation: string;
  answered: boolean;
  alerted: boolean;
}
