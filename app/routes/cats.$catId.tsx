import { Form, data, redirect } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import type { Db } from "@server/db/client";
import { type Cat, archiveCat, getCat, updateCat } from "@server/households/households";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { AppError } from "@server/http/errors";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { CatForm } from "~/features/cats/cat-form";
import { CatPage } from "~/features/cats/cat-page";
import { archiveCatForm, catForm } from "~/features/cats/schema";
import { noindexMeta } from "~/features/seo/seo";
import { businessDate, formatBusinessLongDate } from "~/lib/business-time";
import type { Route } from "./+types/cats.$catId";

export const meta: Route.MetaFunction = ({ data }) => noindexMeta(`${data?.cat.name ?? "Cat"} | ${business.name}`);

/** Another household's cat is the page that does not exist: same 404, nothing to tell them apart. */
async function ownCat(db: Db, userId: string, catId: string): Promise<Cat> {
  try {
    return await getCat(db, userId, catId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const { id, name, breed, sex, birthDate, birthDateEstimated, spayedNeutered, microchip, colourMarkings, feedingInstructions, medications, behaviourNotes, felvFivStatus, archivedAt } =
    await ownCat(context.db, user.id, params.catId);
  return {
    cat: { id, name, breed, sex, birthDate, birthDateEstimated, spayedNeutered, microchip, colourMarkings, feedingInstructions, medications, behaviourNotes, felvFivStatus },
    archivedOn: archivedAt ? formatBusinessLongDate(archivedAt) : null,
    today: businessDate(new Date()),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireUser(request, context);
  const form = await formDataOf(request);
  const intent = form.get("intent");
  let done: "saved" | "archived" | undefined;
  let reply;
  if (intent === "save") {
    reply = await submitForm(form, catForm, async (input) => {
      await updateCat(context.db, user.id, params.catId, input);
      done = "saved";
    });
  } else if (intent === "archive") {
    reply = await submitForm(form, archiveCatForm, async () => {
      await archiveCat(context.db, user.id, params.catId);
      done = "archived";
    });
  } else {
    return unknownIntent();
  }
  return done ? redirect(`/cats?${done}=${encodeURIComponent(params.catId)}`) : reply;
}

export default function CatPageRoute({ loaderData: { cat, archivedOn, today } }: Route.ComponentProps) {
  if (archivedOn) {
    return (
      <CatPage back={{ to: "/cats", label: "My Cats" }} title={cat.name}>
        <p className="mt-4">
          {cat.name} was archived on {archivedOn}. Past stays keep their record.
        </p>
      </CatPage>
    );
  }
  return (
    <CatPage back={{ to: "/cats", label: "My Cats" }} title={`Edit ${cat.name}`}>
      <div className="mt-6">
        <CatForm cat={cat} today={today} submitLabel="Save changes" />
      </div>
      <section aria-labelledby="archive-heading" className="mt-10 rounded-[var(--radius-card)] border border-red-200 bg-white p-5">
        <h2 id="archive-heading" className="text-xl">
          Archive {cat.name}
        </h2>
        <p className="mt-1 text-muted">
          {cat.name} leaves your list of cats. Past stays keep their record.
        </p>
        {/* A native disclosure asks for the confirmation, so archiving works before JavaScript too. */}
        <details className="mt-3">
          <summary className="inline-flex h-9 cursor-pointer items-center rounded-xl border border-red-300 px-3 text-sm font-semibold text-red-800">
            Archive {cat.name}…
          </summary>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="archive" />
            <p className="font-semibold">Archive {cat.name}? This can't be undone from the site.</p>
            <Button type="submit" variant="destructive" className="mt-3">
              Yes, archive {cat.name}
            </Button>
          </Form>
        </details>
      </section>
    </CatPage>
  );
}

