import { Link } from "react-router";
import type { ReactNode } from "react";

/** The frame of the My Cats pages: a way back, the heading and the content. */
export function CatPage({ back, title, children }: { back: { to: string; label: string }; title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-3xl px-4 py-10 sm:px-6">
      <p className="mb-2">
        <Link to={back.to} className="font-semibold text-brand-700 underline underline-offset-4">
          ← {back.label}
        </Link>
      </p>
      <h1 className="text-3xl sm:text-4xl">{title}</h1>
      {children}
    </main>
  );
}
