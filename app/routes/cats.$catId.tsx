import { Form, redirect } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import { archiveCat, getCat, updateCat } from "@server/households/households";
import { catPhotoImage, catPhotoVersions, processCatPhoto, saveCatPhoto } from "@server/households/photos";
import { listVaccineRecords, uploadVaccineRecord, vaccinePolicy } from "@server/households/vaccines";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { formToken, redirectOnSuccess, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/panel";
import { business } from "~/content/business";
import { CatForm } from "~/features/cats/cat-form";
import { CatPage } from "~/features/cats/cat-page";
import { archiveCatForm, catForm, vaccineRecordForm } from "~/features/cats/schema";
import { VaccineRecordList, VaccineUploadForm } from "~/features/cats/vaccine-records";
import { VACCINES, VACCINE_LABELS } from "~/domain/vaccines";
import { noindexMeta } from "~/features/seo/seo";
import { businessDate, formatBusinessLongDate } from "~/lib/business-time";
import type { Route } from "./+types/cats.$catId";

export const meta: Route.MetaFunction = ({ data }) => noindexMeta(`${data?.cat.name ?? "Cat"} | ${business.name}`);

export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  // Another household's cat is the page that does not exist: getCat's 404, nothing to tell them apart.
  const {
    id,
    name,
    breed,
    sex,
    birthDate,
    birthDateEstimated,
    spayedNeutered,
    microchip,
    colourMarkings,
    feedingInstructions,
    medications,
    behaviourNotes,
    felvFivStatus,
    archivedAt,
  } = await getCat(context.db, user.id, params.catId);
  const [records, policy, photos] = await Promise.all([
    listVaccineRecords(context.db, user.id, id, context.clock.now()),
    vaccinePolicy(context.db),
    catPhotoVersions(context.db, [id]),
  ]);
  const search = new URL(request.url).searchParams;
  const vaccine = VACCINES.find((v) => v === search.get("vaccine"));
  const uploaded = VACCINES.find((v) => v === search.get("uploaded"));
  const photoVersion = photos.get(id);
  return {
    cat: {
      id,
      name,
      breed,
      sex,
      birthDate,
      birthDateEstimated,
      spayedNeutered,
      microchip,
      colourMarkings,
      feedingInstructions,
      medications,
      behaviourNotes,
      felvFivStatus,
    },
    archivedOn: archivedAt ? formatBusinessLongDate(archivedAt) : null,
    today: businessDate(context.clock.now()),
    records: records.map(({ id, vaccine, expiresOn, status, rejectionReason }) => ({ id, vaccine, expiresOn, status, rejectionReason })),
    policy,
    photo: photoVersion ? catPhotoImage(id, photoVersion) : null,
    // The vaccine a link asked to upload (a reminder mail), and the one just uploaded.
    vaccine,
    status: uploaded ? `${VACCINE_LABELS[uploaded]} record uploaded. It counts for planning now; our team will check the certificate.` : null,
    formToken: formToken(),
  };
});

export const action = mapRefusals(async ({ request, context, params }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const form = await formDataOf(request);
  const intent = form.get("intent");
  let done: "saved" | "archived" | undefined;
  let reply;
  if (intent === "save") {
    reply = await submitForm(form, catForm, async ({ photo, ...input }) => {
      // The photo is checked before anything is saved, so a refused photo changes nothing.
      const processed = photo ? await processCatPhoto(Buffer.from(await photo.arrayBuffer())) : null;
      await updateCat(context.db, user.id, params.catId, input, context.clock.now());
      if (processed) await saveCatPhoto(context.db, user.id, params.catId, processed, context.clock.now());
      done = "saved";
    });
  } else if (intent === "upload-record") {
    const now = context.clock.now();
    const once = { db: context.db, form: `/cats/${params.catId} upload-record`, user, now };
    return redirectOnSuccess(
      await submitOnce(once, form, vaccineRecordForm, async ({ vaccine, expiresOn, document }) => {
        const bytes = Buffer.from(await document.arrayBuffer());
        await uploadVaccineRecord(context.db, user.id, params.catId, { vaccine, expiresOn, document: { name: document.name, bytes } }, now);
        return {
          kind: "success",
          title: `${VACCINE_LABELS[vaccine]} record uploaded.`,
          redirectTo: `/cats/${encodeURIComponent(params.catId)}?uploaded=${vaccine}#vaccines`,
        };
      }),
    );
  } else if (intent === "archive") {
    reply = await submitForm(form, archiveCatForm, async () => {
      await archiveCat(context.db, user.id, params.catId, context.clock.now());
      done = "archived";
    });
  } else {
    return unknownIntent();
  }
  return done ? redirect(`/cats?${done}=${encodeURIComponent(params.catId)}`) : reply;
});

export default function CatPageRoute({ loaderData: { cat, archivedOn, today, records, policy, photo, vaccine, status, formToken } }: Route.ComponentProps) {
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
    <CatPage back={{ to: "/cats", label: "My Cats" }} title={cat.name}>
      {photo ? <img {...photo} alt={cat.name} className="mt-4 h-24 w-24 rounded-3xl object-cover shadow-[var(--shadow-card)] sm:h-40 sm:w-40" /> : null}
      {status ? (
        <Notice tone="success" role="status" className="mt-4 text-base font-semibold">
          {status}
        </Notice>
      ) : null}
      <section id="vaccines" aria-labelledby="vaccines-heading" className="mt-8 scroll-mt-6">
        <h2 id="vaccines-heading" className="text-2xl">
          Vaccine records
        </h2>
        <div className="mt-4">
          <VaccineRecordList catId={cat.id} records={records} policy={policy} />
        </div>
        <div id="upload-record" className="mt-6 scroll-mt-6 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
          <h3 className="text-xl">Upload a vaccine record</h3>
          <p className="mt-1 mb-4 text-sm text-muted">A new record of a vaccine replaces the one before it.</p>
          {/* A new record remounts the form: it starts empty again after an upload. */}
          <VaccineUploadForm key={records.map((r) => r.id).join()} catName={cat.name} vaccine={vaccine} today={today} formToken={formToken} />
        </div>
      </section>
      <section aria-labelledby="profile-heading" className="mt-10">
        <h2 id="profile-heading" className="mb-4 text-2xl">
          Edit {cat.name}
        </h2>
        <CatForm cat={cat} hasPhoto={photo !== null} today={today} submitLabel="Save changes" />
      </section>
      <section aria-labelledby="archive-heading" className="mt-10 rounded-[var(--radius-card)] border border-red-200 bg-white p-5">
        <h2 id="archive-heading" className="text-xl">
          Archive {cat.name}
        </h2>
        <p className="mt-1 text-muted">{cat.name} leaves your list of cats. Past stays keep their record.</p>
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
