import { useState } from "react";
import { business } from "~/content/business";
import { Button } from "~/components/ui/button";
import { CallbackDialog } from "~/features/callback/callback-dialog";
import { callbackBusinessPhone } from "~/features/callback/business-phone";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: `${business.name} | Cat Boarding & Grooming in Laguna Niguel, CA` },
  { name: "description", content: "Cat-only boarding and grooming in Laguna Niguel, Orange County." },
];

export default function Home() {
  const [callbackOpen, setCallbackOpen] = useState(false);
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="rounded-full bg-accent-100 px-4 py-1 text-sm font-bold text-accent-700">{business.tagline}</p>
      <h1 className="text-4xl sm:text-5xl">{business.name}</h1>
      <p className="text-lg text-muted">Cat-only boarding and grooming in Laguna Niguel, Orange County.</p>
      <Button aria-haspopup="dialog" onClick={() => setCallbackOpen(true)}>
        {callbackBusinessPhone.display}
      </Button>
      <CallbackDialog open={callbackOpen} onOpenChange={setCallbackOpen} />
    </main>
  );
}
