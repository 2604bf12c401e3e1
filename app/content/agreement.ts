/**
 * The boarding agreement an owner signs in online check-in (ADR 0158). The owners edit it in Content
 * ("Boarding agreement"); a signature keeps the text it was given, its version (the first 12 hex
 * digits of the text's SHA-256, so any change of the words is a new version) and the whole hash.
 */
export interface Agreement {
  title: string;
  /** Paragraphs separated by a blank line. */
  text: string;
}

export const agreement: Agreement = {
  title: "Boarding agreement",
  text: [
    "I am the owner of the cats named in this stay, or I am authorised by the owner to board them, and the information I have given about them is true and complete.",
    "My cats are current on the vaccinations the hotel requires, are free of fleas and contagious illness as far as I know, and I have told the hotel about every medical condition, medication and behaviour it should know.",
    "If a cat seems unwell or is injured, the hotel may take it to a veterinarian. I will pay for the care, up to the spending limit I set for this stay without being called, and any further amount I approve.",
    "The hotel will try to reach me, then the person I named to call. If nobody can be reached in an emergency, the hotel may authorise the care a veterinarian thinks necessary.",
    "The hotel releases my cats only to me or to a person I named as authorised to collect them, who may be asked for identification.",
    "Cats not collected within three days after the check-out date, without word from me, may be placed in the care of a shelter or rescue after the hotel has tried to reach me and my contacts.",
    "I pay for the stay as booked and for the services I ask for; the cancellation terms shown when I booked apply.",
  ].join("\n\n"),
};
