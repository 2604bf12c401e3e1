import { useState } from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { z } from "~/lib/zod";
import { requirePermission } from "@server/auth/guards.server";
import { type RevisionView, contentHistory, loadEditableContent, publishDraft, publishValue, revertTo, revisionView, saveDraft } from "@server/content/content";
import { formDataOf } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { type FieldErrors, fieldErrors } from "~/lib/form-state";
import { CONTENT_KEYS, type ContentKey, type EditableContent, contentKeySchema, contentSchemas } from "~/features/content/schema";
import { ReviewsFields } from "~/features/content/reviews-fields";
import { ListField, type StyleDraft, StyleGroup, CheckboxField, TextField, styleDraftFrom, styleFromDraft } from "~/features/content/section-fields";
import { TeamFields } from "~/features/content/team-fields";
import { VaccinesFields } from "~/features/content/vaccines-fields";
import { FORM_TOKEN, type FormReply, useNotice } from "~/lib/forms";
import { formatBusinessDateTime } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/content";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Content");

const SECTION_LABELS: Record<ContentKey, string> = {
  business: "Business profile",
  services: "Services",
  faq: "FAQ",
  promo: "Promo texts",
  style: "Style",
  reviews: "Reviews",
  team: "Team",
  vaccines: "Vaccine policy",
  agreement: "Boarding agreement",
};

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "content");
  const requested = new URL(request.url).searchParams.get("section");
  const section = CONTENT_KEYS.find((k) => k === requested) ?? "business";
  const [content, history] = await Promise.all([loadEditableContent(context.db), contentHistory(context.db, section)]);
  return { section, content, history: history.map(revisionView), formToken: formToken() };
});

/**
 * What the editor posts. A section's value is a structure of nested lists (hours, reviews, the team),
 * so it travels as JSON in the one field `value`; the domain checks it with the section's schema (the
 * one the editor checks with before posting) and names a refused field by its dotted path
 * ("hours.0.days"), which the editor shows under that field.
 */
const sectionValue = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "This form is out of date. Reload the page and try again." });
    return z.NEVER;
  }
});
const revisionId = z.number("Choose a version").int().positive();
const contentChange = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("draft"), section: contentKeySchema, value: sectionValue }),
  z.object({ intent: z.literal("publish"), section: contentKeySchema, value: sectionValue }),
  z.object({ intent: z.literal("publish-draft"), section: contentKeySchema, revisionId }),
  // No version: back to the original texts.
  z.object({ intent: z.literal("revert"), section: contentKeySchema, revisionId: revisionId.optional() }),
]);

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "content");
  const email = admin.user.email;
  const db = context.db;
  // The editor posts by its script with the page's token: a replay saves no second revision (ADR 0179).
  return submitOnce<typeof contentChange, { draftId?: number }>(
    { db, form: "/admin/content", user: admin.user, now: context.clock.now() },
    await formDataOf(request),
    contentChange,
    async (change) => {
      const live = "the public pages show it now";
      switch (change.intent) {
        case "draft": {
          const draft = await saveDraft(db, change.section, change.value, email);
          return { kind: "success", title: "Draft saved — open the preview to check it", draftId: draft.id };
        }
        case "publish": {
          const revision = await publishValue(db, change.section, change.value, email);
          context.logger.info({ key: change.section, revisionId: revision.id }, "site content published");
          return { kind: "success", title: `Published — ${live}` };
        }
        case "publish-draft": {
          const revision = await publishDraft(db, change.section, change.revisionId, email);
          context.logger.info({ key: change.section, revisionId: revision.id }, "site content published");
          return { kind: "success", title: `Draft published — ${live}` };
        }
        case "revert": {
          const to = change.revisionId ?? null;
          const revision = await revertTo(db, change.section, to, email);
          context.logger.info({ key: change.section, revisionId: revision.id, to }, "site content reverted");
          return { kind: "success", title: to === null ? "Reverted to the original texts" : `Version #${to} is live again` };
        }
      }
    },
    { errorTitle: "Not saved" },
  );
});
type ContentReply = FormReply & { draftId?: number };

const when = (iso: string) => formatBusinessDateTime(new Date(iso));

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { section, content, history, formToken } = loaderData;
  const fetcher = useFetcher<ContentReply>({ key: "content" });
  useNotice(fetcher.data);
  const liveRevision = history.find((r) => r.status !== "draft")?.id ?? 0;
  return (
    <div>
      <h1 className="text-3xl">Content</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Edit the texts, reviews and team of the public pages. Save a draft to preview it, then publish: visitors see the change at once. Every version is kept
        in the history and can be made live again.
      </p>
      <nav aria-label="Content sections" className="mt-6 flex flex-wrap gap-2">
        {CONTENT_KEYS.map((key) => (
          <Link
            key={key}
            to={`?section=${key}`}
            aria-current={key === section ? "page" : undefined}
            className={cn(
              "rounded-full px-4 py-2 text-sm font-bold",
              key === section ? "bg-brand-700 text-white" : "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
            )}
          >
            {SECTION_LABELS[key]}
          </Link>
        ))}
      </nav>
      {/* key: switching sections, publishing or reverting starts the form from what is live now. */}
      <SectionEditor
        key={`${section}:${liveRevision}`}
        section={section}
        initial={content[section]}
        history={history}
        fetcher={fetcher}
        formToken={formToken}
      />
    </div>
  );
}

type StyleDrafts = { headings: StyleDraft; promo: StyleDraft };

function SectionEditor<K extends ContentKey>({
  section,
  initial,
  history,
  fetcher,
  formToken,
}: {
  section: K;
  initial: EditableContent[K];
  history: RevisionView[];
  fetcher: FetcherWithComponents<ContentReply>;
  formToken: string;
}) {
  const [value, setValue] = useState<EditableContent[K]>(initial);
  const [styles, setStyles] = useState<StyleDrafts>(() => {
    const s = initial as EditableContent["style"];
    return section === "style"
      ? {
          headings: styleDraftFrom(s.headings, {
            fontSize: 36,
            letterSpacing: 0,
            fontWeight: 700,
          }),
          promo: styleDraftFrom(s.promo, {
            fontSize: 56,
            letterSpacing: 0,
            fontWeight: 700,
            align: "left",
          }),
        }
      : {
          headings: styleDraftFrom(null, {
            fontSize: 36,
            letterSpacing: 0,
            fontWeight: 700,
          }),
          promo: styleDraftFrom(null, {
            fontSize: 56,
            letterSpacing: 0,
            fontWeight: 700,
          }),
        };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [draft, setDraft] = useState<number | null>(null);

  const current = (): unknown =>
    section === "style"
      ? {
          headings: styleFromDraft(styles.headings),
          promo: styleFromDraft(styles.promo),
        }
      : value;

  /** Checks the form with the same schema as the server; false (with messages shown) when it does not pass. */
  const check = (): boolean => {
    const result = contentSchemas[section].safeParse(current());
    if (result.success) {
      setErrors({});
      setFormError(null);
      return true;
    }
    setErrors(fieldErrors(result.error));
    setFormError(result.error.issues[0]?.message ?? "Please correct the highlighted fields.");
    return false;
  };

  const busy = fetcher.state !== "idle";
  const reply = fetcher.data;
  const [shownReply, setShownReply] = useState<ContentReply | undefined>(reply);
  if (reply && reply !== shownReply) {
    // A new answer: show the server's field messages, or the draft it saved.
    setShownReply(reply);
    const fieldMessages = Object.fromEntries(
      Object.entries(reply.result.error ?? {}).flatMap(([path, messages]) => (path && messages?.[0] ? [[path, messages[0]]] : [])),
    );
    setErrors(fieldMessages);
    const firstError = Object.values(reply.result.error ?? {}).flat()[0];
    setFormError(reply.result.status === "error" ? (reply.notice?.description ?? firstError ?? "Please correct the highlighted fields.") : null);
    if (reply.result.status === "success") setDraft(reply.draftId ?? null);
  }
  const post = (change: Record<string, string>) => void fetcher.submit({ section, ...change, [FORM_TOKEN]: formToken }, { method: "post" });
  const saveDraft = () => check() && post({ intent: "draft", value: JSON.stringify(current()) });
  const publish = () => check() && post({ intent: "publish", value: JSON.stringify(current()) });
  const publishDraft = (id: number) => post({ intent: "publish-draft", revisionId: String(id) });
  const revert = (id: number | null) => post({ intent: "revert", revisionId: id === null ? "" : String(id) });

  const fields = { value, onChange: setValue, errors };
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
      <form
        noValidate
        aria-label={SECTION_LABELS[section]}
        className="grid min-w-0 grid-cols-1 gap-5 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          void publish();
        }}
      >
        <h2 className="text-2xl">{SECTION_LABELS[section]}</h2>
        {section === "business" && <BusinessFields {...(fields as unknown as FieldsOf<"business">)} />}
        {section === "services" && <ServicesFields {...(fields as unknown as FieldsOf<"services">)} />}
        {section === "faq" && (
          <ListField
            {...(fields as unknown as FieldsOf<"faq">)}
            path=""
            legend="Questions"
            itemLabel={(i) => `Question ${i + 1}`}
            fields={[
              { key: "question", label: "Question" },
              { key: "answer", label: "Answer", multiline: true },
            ]}
            blank={{ question: "", answer: "" }}
            max={30}
          />
        )}
        {section === "promo" && <PromoFields {...(fields as unknown as FieldsOf<"promo">)} />}
        {section === "reviews" && <ReviewsFields {...(fields as unknown as FieldsOf<"reviews">)} />}
        {section === "team" && <TeamFields {...(fields as unknown as FieldsOf<"team">)} />}
        {section === "vaccines" && <VaccinesFields {...(fields as unknown as FieldsOf<"vaccines">)} />}
        {section === "agreement" && <AgreementFields {...(fields as unknown as FieldsOf<"agreement">)} />}
        {section === "style" && (
          <>
            <StyleGroup
              name="headings"
              legend="Section headings"
              draft={styles.headings}
              onChange={(d) => setStyles({ ...styles, headings: d })}
              errors={errors}
              sample="Our Services"
            />
            <StyleGroup
              name="promo"
              legend="Promo headline (first screen)"
              draft={styles.promo}
              onChange={(d) => setStyles({ ...styles, promo: d })}
              errors={errors}
              sample="A calm, cat-only hotel"
            />
          </>
        )}
        {formError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800">
            {formError}
          </p>
        )}
        {draft && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-accent-100 px-4 py-3" role="status">
            <span className="font-semibold text-brand-900">Draft #{draft} saved.</span>
            <a href={`/?preview=${draft}`} target="_blank" rel="noreferrer" className="font-bold text-brand-700 underline underline-offset-4">
              Preview draft #{draft}
            </a>
            <Button type="button" size="sm" disabled={busy} onClick={() => void publishDraft(draft)}>
              Publish draft #{draft}
            </Button>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" disabled={busy} onClick={() => void saveDraft()}>
            Save draft &amp; preview
          </Button>
          <Button type="submit" disabled={busy}>
            Publish
          </Button>
        </div>
      </form>
      <History history={history} busy={busy} onRevert={revert} />
    </div>
  );
}

type FieldsOf<K extends ContentKey> = {
  value: EditableContent[K];
  onChange: (next: EditableContent[K]) => void;
  errors: FieldErrors;
};

function BusinessFields(props: FieldsOf<"business">) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...props} path="phone" label="Main phone (boarding)" type="tel" />
        <TextField {...props} path="groomingPhone" label="Grooming phone" type="tel" />
        <TextField {...props} path="email" label="E-mail" type="email" />
        <TextField {...props} path="taxId" label="Tax ID text" />
        <TextField {...props} path="address.street" label="Street" className="sm:col-span-2" />
        <TextField {...props} path="address.city" label="City" />
        <div className="grid grid-cols-2 gap-4">
          <TextField {...props} path="address.region" label="State" />
          <TextField {...props} path="address.postalCode" label="ZIP code" />
        </div>
        <TextField {...props} path="lunch" label="Lunch break" />
        <TextField {...props} path="phoneSupport" label="Phone support hours" />
        <CheckboxField
          {...props}
          path="booking.online"
          label="Book stays on this site"
          hint="On: “Book a Cat Room” opens Book a Stay here. Off: it opens the room booking URL below (an outside booking system)."
          className="sm:col-span-2"
        />
        <TextField {...props} path="booking.roomUrl" label="Room booking URL" type="url" />
        <TextField {...props} path="booking.groomUrl" label="Grooming booking URL" type="url" />
        <TextField
          {...props}
          path="playroomVideo"
          label="Playroom video"
          hint="The YouTube link of the playroom tour (or its 11-character id). Leave it empty to show the picture of the playroom without a video."
          className="sm:col-span-2"
        />
        <TextField
          {...props}
          path="reviewPageUrl"
          label="Review page address"
          type="url"
          hint="Your Google or Yelp review page. The day after a check-out, the customer gets a thank-you e-mail linking to it. Leave it empty to send none."
          className="sm:col-span-2"
        />
      </div>
      <ListField
        {...props}
        path="hours"
        legend="Opening hours"
        itemLabel={(i) => `Line ${i + 1}`}
        fields={[
          { key: "days", label: "Days" },
          { key: "time", label: "Hours" },
        ]}
        blank={{ days: "", time: "" }}
        max={10}
      />
      <ListField
        {...props}
        path="social"
        legend="Social links"
        itemLabel={(i) => `Link ${i + 1}`}
        fields={[
          { key: "name", label: "Network" },
          { key: "url", label: "URL" },
        ]}
        blank={{ name: "", url: "" }}
        max={10}
      />
    </>
  );
}

function ServicesFields(props: FieldsOf<"services">) {
  return (
    <div className="grid gap-4">
      {props.value.map((service, i) => (
        <fieldset key={service.title} className="grid gap-3 rounded-2xl border border-brand-100 p-4">
          <legend className="px-1 font-bold text-brand-900">{service.title}</legend>
          <TextField {...props} path={`${i}.description`} label={`${service.title}: description`} />
          <TextField {...props} path={`${i}.longDescription`} label={`${service.title}: long description`} multiline />
        </fieldset>
      ))}
    </div>
  );
}

function PromoFields(props: FieldsOf<"promo">) {
  return (
    <div className="grid gap-4">
      <TextField {...props} path="tagline" label="Tagline (header and first screen)" />
      <TextField {...props} path="title" label="Headline" />
      <TextField {...props} path="lead" label="Lead paragraph" multiline />
    </div>
  );
}

/** The boarding agreement: a changed word is a new version; signatures keep the text they were given. */
function AgreementFields(props: FieldsOf<"agreement">) {
  return (
    <div className="grid gap-4">
      <p className="text-muted">
        Owners sign this in online check-in. Any change to the words makes a new version: earlier signatures keep the text that was signed, and owners who check
        in from now on sign the new one.
      </p>
      <TextField {...props} path="title" label="Title" />
      <TextField {...props} path="text" label="Agreement text" hint="Separate paragraphs with a blank line." multiline />
    </div>
  );
}

function History({ history, busy, onRevert }: { history: RevisionView[]; busy: boolean; onRevert: (id: number | null) => void }) {
  const liveId = history.find((r) => r.status === "published")?.id;
  return (
    <section aria-labelledby="history-heading" className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
      <h2 id="history-heading" className="text-xl">
        History
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-muted">No edits yet: the pages show the original texts.</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {history.map((r) => (
            <li key={r.id} className="border-b border-brand-50 pb-3 text-sm last:border-b-0">
              <p className="font-bold text-brand-900">
                #{r.id} · {r.status === "draft" ? "Draft" : r.value === null ? "Original texts published" : "Published"}
                {r.id === liveId && <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">Live</span>}
              </p>
              <p className="text-muted">
                {r.createdBy} · {when(r.createdAt)}
                {r.sourceRevisionId !== null && ` · copy of #${r.sourceRevisionId}`}
              </p>
              <div className="mt-1 flex flex-wrap gap-3">
                {r.status === "draft" && (
                  <a href={`/?preview=${r.id}`} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
                    Preview
                  </a>
                )}
                {r.id !== liveId && (
                  <button type="button" disabled={busy} className="font-semibold text-brand-700 underline disabled:opacity-50" onClick={() => onRevert(r.id)}>
                    Revert to #{r.id}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button type="button" variant="outline" size="sm" className="mt-4" disabled={busy || history.length === 0} onClick={() => onRevert(null)}>
        Revert to original texts
      </Button>
    </section>
  );
}
