import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { AuthCard, AuthShell } from "~/features/auth/auth-shell";
import { noindexMeta } from "~/features/seo/seo";
import type { Route } from "./+types/account.deleted";

export const meta: Route.MetaFunction = () => noindexMeta(`Account deleted | ${business.name}`);

/** Where a deleted account lands, signed out: it names nobody, so anyone may open it. */
export default function AccountDeletedPage(_: Route.ComponentProps) {
  return (
    <AuthShell>
      <AuthCard>
        <h1 className="text-3xl">Your account is deleted</h1>
        <p role="status" className="mt-3">
          You are signed out. Your household, cats, vaccine records and documents are erased, and we sent a confirmation to your e-mail address.
        </p>
        <p className="mt-3 text-muted">
          We keep the record of your appointments for our books, without anything that says who you are. Signing in again starts a new, empty account.
        </p>
        <Button asChild className="mt-6">
          <Link to="/">Back to the home page</Link>
        </Button>
      </AuthCard>
    </AuthShell>
  );
}
