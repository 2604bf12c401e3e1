import { Form, data } from "react-router";
import { loadSiteContent } from "@server/content/content";
import { findSignupByUnsubscribeToken, maskEmail, unsubscribe } from "@server/leads/leads";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** Opening the link changes nothing (mail scanners fetch links); the button's POST unsubscribes. */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [signup, { business: published }] = await Promise.all([findSignupByUnsubscribeToken(context.db, token), loadSiteContent(context.db, context.logger)]);
  const contactEmail = published.email;
  if (!signup) return data({ state: "invalid" as const, token: "", email: "", contactEmail }, { status: 404 });
  return { state: signup.unsubscribedAt ? ("done" as const) : ("confirm" as const), token, email: maskEmail(signup.email), contactEmail };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const signup = await findSignupByUnsubscribeToken(context.db, token);
  if (!signup) return data({ state: "invalid" as const }, { status: 404 });
  await unsubscribe(context.db, token);
  return { state: "done" as const };
});

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
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
          <h1 className="text-3xl">Unsubscribe from our newsletter?</h1>
          <p className="text-muted">
            We will stop sending promotional emails to <strong>{loaderData.email}</strong>.
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
          <p className="text-muted">You will not receive our newsletter any more. You can sign up again at any time on our home page.</p>
        </>
      )}
      <a className="font-bold text-brand-700 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
