import { Link } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import type { Db } from "@server/db/client";
import { getCat, getHousehold, listCats } from "@server/households/households";
import { catPhotoImage, catPhotoVersions } from "@server/households/photos";
import { currentRecordsByCat, vaccinePolicy } from "@server/households/vaccines";
import { AppError } from "@server/http/errors";
import { mapRefusals } from "@server/http/refusals";
import { Badge, Notice } from "~/components/ui/panel";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { CatPage } from "~/features/cats/cat-page";
import { SEX_LABELS } from "~/domain/cat-options";
import { READY_TO_BOOK, ageLabel, missingForBooking } from "~/domain/cat-profile";
import { noindexMeta } from "~/features/seo/seo";
import { businessDate } from "~/lib/business-time";
import type { Route } from "./+types/cats";

export const meta: Route.MetaFunction = () => noindexMeta(`My Cats | ${business.name}`);

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  const today = businessDate(context.clock.now());
  const [household, rows, policy] = await Promise.all([getHousehold(context.db, user.id), listCats(context.db, user.id), vaccinePolicy(context.db)]);
  const ids = rows.map((c) => c.id);
  const [records, photos] = await Promise.all([currentRecordsByCat(context.db, ids, context.clock.now()), catPhotoVersions(context.db, ids)]);
  const cats = rows.map((c) => {
    const photo = photos.get(c.id);
    return {
      id: c.id,
      name: c.name,
      details: [c.breed, SEX_LABELS[c.sex], c.birthDate ? ageLabel(c.birthDate, c.birthDateEstimated, today) : null].filter(Boolean).join(" · "),
      missing: missingForBooking(c, records.get(c.id) ?? [], policy),
      photo: photo ? catPhotoImage(c.id, photo) : null,
    };
  });
  return { cats, householdFilled: Boolean(household?.name), status: await statusOf(new URL(request.url).searchParams, context.db, user.id) };
});

/** What the form pages sent the browser here to say (a redirect after a save works before JavaScript too). */
async function statusOf(params: URLSearchParams, db: Db, userId: string) {
  const id = params.get("saved") ?? params.get("archived");
  if (!id) return null;
  try {
    const cat = await getCat(db, userId, id);
    return params.has("saved") ? `${cat.name} is saved.` : `${cat.name} is archived. Past stays keep their record.`;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export default function CatsPage({ loaderData: { cats, householdFilled, status } }: Route.ComponentProps) {
  return (
    <CatPage back={{ to: "/account", label: "Your account" }} title="My Cats">
      {status ? (
        <Notice tone="success" role="status" className="mt-4 text-base font-semibold">
          {status}
        </Notice>
      ) : null}
      {!householdFilled ? (
        <Notice tone="info" className="mt-4 text-base">
          Add your phone, emergency contact and vet on{" "}
          <Link to="/account" className="font-semibold underline underline-offset-4">
            your account page
          </Link>{" "}
          so we can reach you during a stay.
        </Notice>
      ) : null}
      <div className="mt-6">
        <Button asChild>
          <Link to="/cats/new">Add a cat</Link>
        </Button>
      </div>
      {cats.length === 0 ? (
        <section className="mt-6 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
          <h2 className="text-2xl">No cats yet</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">Add each cat who stays or is groomed with us, with the care notes our team should know.</p>
        </section>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Your cats">
          {cats.map((cat) => (
            <li key={cat.id} className="flex flex-col rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
              <div className="flex items-center gap-4">
                {cat.photo ? (
                  <img {...cat.photo} alt="" className="h-24 w-24 shrink-0 rounded-2xl object-cover" />
                ) : (
                  <span aria-hidden="true" className="grid h-24 w-24 shrink-0 place-items-center rounded-2xl bg-brand-50 text-3xl font-bold text-brand-700">
                    {cat.name.charAt(0).toUpperCase()}
                  </span>
                )}
                <div className="min-w-0">
                  <h2 className="text-2xl break-words">{cat.name}</h2>
                  {cat.details ? <p className="mt-1 text-muted">{cat.details}</p> : null}
                </div>
              </div>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={`${cat.name}: booking readiness`}>
                {cat.missing.length === 0 ? (
                  <li>
                    <Badge tone="success">{READY_TO_BOOK}</Badge>
                  </li>
                ) : (
                  cat.missing.map((m) => (
                    <li key={m}>
                      <Badge tone={m.endsWith("awaiting review") ? "info" : "warning"}>{m}</Badge>
                    </li>
                  ))
                )}
              </ul>
              <div className="mt-4">
                <Link to={`/cats/${cat.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                  Edit {cat.name}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </CatPage>
  );
}
