import { Link } from "react-router";
import { Notice } from "~/components/ui/panel";

/** A cat and what keeps its records from covering a booking, as the booking pages' quotes give them. */
export interface BlockedCat {
  catId: string;
  catName: string;
  problems: string[];
}

/** Why a booking cannot be made yet: each cat's missing or short records, with a link to update them. */
export function VaccineBlockNotice({ heading, cats }: { heading: string; cats: readonly BlockedCat[] }) {
  return (
    <Notice tone="danger" role="alert" className="mt-4 text-base">
      <p className="font-semibold">{heading}</p>
      <ul className="mt-2 list-disc pl-5">
        {cats.flatMap((c) =>
          c.problems.map((p) => (
            <li key={`${c.catId}-${p}`}>
              {c.catName}: {p}{" "}
              <Link to={`/cats/${c.catId}`} className="font-semibold underline underline-offset-4">
                Update {c.catName}'s records
              </Link>
            </li>
          )),
        )}
      </ul>
    </Notice>
  );
}
