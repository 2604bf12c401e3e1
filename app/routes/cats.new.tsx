import { requireUser } from "@server/auth/guards.server";
import { createCat } from "@server/households/households";
import { processCatPhoto, saveCatPhoto } from "@server/households/photos";
import { formDataOf } from "@server/http/form-action";
import { formToken, redirectOnSuccess, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { business } from "~/content/business";
import { CatForm } from "~/features/cats/cat-form";
import { CatPage } from "~/features/cats/cat-page";
import { catForm } from "~/features/cats/schema";
import { noindexMeta } from "~/features/seo/seo";
import { businessDate } from "~/lib/business-time";
import type { Route } from "./+types/cats.new";

export const meta: Route.MetaFunction = () => noindexMeta(`Add a cat | ${business.name}`);

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requireUser(request, context);
  return { today: businessDate(context.clock.now()), formToken: formToken() };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const now = context.clock.now();
  const reply = await submitOnce({ db: context.db, form: "/cats/new", user, now }, await formDataOf(request), catForm, async ({ photo, ...input }) => {
    // The photo is checked before the cat is saved, so a refused photo leaves nothing half-done.
    const processed = photo ? await processCatPhoto(Buffer.from(await photo.arrayBuffer())) : null;
    const saved = await createCat(context.db, user.id, input, now);
    if (processed) await saveCatPhoto(context.db, user.id, saved.id, processed, now);
    return { kind: "success", title: `${saved.name} added.`, redirectTo: `/cats?saved=${saved.id}` };
  });
  return redirectOnSuccess(reply);
});

export default function NewCatPage({ loaderData }: Route.ComponentProps) {
  return (
    <CatPage back={{ to: "/cats", label: "My Cats" }} title="Add a cat">
      <p className="mt-2 mb-6 text-muted">Tell us about your cat so our team knows them before they arrive.</p>
      <CatForm today={loaderData.today} submitLabel="Add cat" formToken={loaderData.formToken} />
    </CatPage>
  );
}
