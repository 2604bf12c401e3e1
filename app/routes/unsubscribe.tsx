import { Form, data } from "react-router";
import { loadSiteContent } from "@server/content/content";
import { findSignupByUnsubscribeToken, maskEmail, unsubscribe } from "@server/leads/leads";
import { mapRefusals } from "@server/http/refusals";
import { findReviewUnsubscribe, isReviewUnsubscribeToken, stopReviewRequests } from "@server/stays/review-request";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { unsubscribeTokenSchema } from "~/features/leads/schema";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Which list a link unsubscribes from: the newsletter (a random token, stored hashed) or the review
 * requests after a stay (a token signed for the household, ADR 0167).
 */
type List = "newsletter" | "reviews";

/** A newsletter link's token as its schema takes it, or null for one that is not one (a link copied incompletely). */
const newsletterToken = (typed: string) => unsubscribeTokenSchema.safeParse(typed).data ?? null;

/** Opening the link changes nothing (mail scanners fetch links); the button's POST unsubscribes. */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const list: List = isReviewUnsubscribeToken(token) ? "reviews" : "newsletter";
  const newsletter = newsletterToken(token);
  const [subscriber, { business: published }] = await Promise.all([
    list === "reviews"
      ? findReviewUnsubscribe(context.db, context.env, token).then((r) => r && { email: r.email, unsubscribedAt: r.stoppedAt })
      : newsletter
        ? findSignupByUnsubscribeToken(context.db, newsletter)
        : null,
    loadSiteContent(context.db, context.logger),
  ]);
  const contactEmail = published.email;
  if (!subscriber) return data({ state: "invalid" as const, list, token: "", email: "", contactEmail }, { status: 404 });
  return { state: subscriber.unsubscribedAt ? ("done" as const) : ("confirm" as const), list, token, email: maskEmail(subscriber.email), contactEmail };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (isReviewUnsubscribeToken(token)) {
    if (!(await stopReviewRequests(context.db, context.env, token, context.clock.now()))) return data({ state: "invalid" as const }, { status: 404 });
    return { state: "done" as const };
  }
  const newsletter = newsletterToken(token);
  if (!newsletter || !(await findSignupByUnsubscribeToken(context.db, newsletter))) return data({ state: "invalid" as const }, { status: 404 });
  await unsubscribe(context.db, newsletter, context.clock.now());
  return { state: "done" as const };
});

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const reviews = loaderData.list === "reviews";
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <img src={business.logo.src} width={64} height={64} alt="" />
      {state === "invalid" && (
        <>
          <h1 className="text-3xl">This unsubscribe link is not valid</h1>
          <p className="text-muted">
            It may have been copied incompletely. Write to{" "}
            <a className="font-bold text-brand-700 underline" href={`mailto:${loaderData.contactEmail}`}>
              {loaderData.contactEmail}
            </a>{" "}
            and we will remove you by hand.
          </p>
        </>
      )}
      {state === "confirm" && (
        <>
          <h1 className="text-3xl">{reviews ? "Stop review requests?" : "Unsubscribe from our newsletter?"}</h1>
          <p className="text-muted">
            {reviews ? "We will stop asking for a review after a stay at " : "We will stop sending promotional emails to "}
            <strong>{loaderData.email}</strong>.
          </p>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" size="lg">
              Confirm Unsubscribe
            </Button>
          </Form>
        </>
      )}
      {state === "done" && (
        <>
          <h1 className="text-3xl">You are unsubscribed</h1>
          <p className="text-muted">
            {reviews
              ? "We will not ask you for a review after a stay any more. Booking mails and receipts still come as before."
              : "You will not receive our newsletter any more. You can sign up again at any time on our home page."}
          </p>
        </>
      )}
      <a className="font-bold text-brand-700 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
