import { useCallback, useState } from "react";
import { Link, useLocation } from "react-router";
import { Notice } from "~/components/ui/panel";
import { ApiTestsPanel } from "./api-tests-panel";
import { ConnectionSettings } from "./connection-settings";
import { WP_TEXT } from "./messages";
import type { RunnerOutcome } from "./runner-client";
import { SettingsValidator } from "./settings-validator";
import { TestConfigurations } from "./test-configurations";

type Failure = Extract<RunnerOutcome<unknown>, { ok: false }>;

/** The content-management API testing dashboard: settings, validator, configurations, API tests. */
export function WordPressDashboard({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const [authNotice, setAuthNotice] = useState<Failure | null>(null);
  const onAuthRequired = useCallback((failure: Failure) => setAuthNotice(failure), []);
  const location = useLocation();
  const Heading = headingLevel === 1 ? "h1" : "h2";

  return (
    <div className="grid gap-6" data-testid="wordpress-dashboard">
      <header>
        <Heading className={headingLevel === 1 ? "text-3xl sm:text-4xl" : "text-2xl sm:text-3xl"}>WordPress API Testing</Heading>
        <p className="mt-1 text-muted">Connect the business's WordPress site and check that its REST API does what the website needs.</p>
      </header>
      {authNotice ? (
        <Notice tone="warning" role="status" data-testid="wordpress-auth-notice">
          <p className="font-bold">{WP_TEXT.authRequiredTitle}</p>
          <p className="mt-1">{WP_TEXT.authNotice}</p>
          {authNotice.code === "FORBIDDEN" ? (
            <p className="mt-1">You are signed in, but this account is not an admin.</p>
          ) : (
            <Link className="mt-2 inline-block font-bold text-amber-950 underline" to={`/auth?redirectTo=${encodeURIComponent(location.pathname)}`}>
              Sign in
            </Link>
          )}
        </Notice>
      ) : null}
      <ConnectionSettings onAuthRequired={onAuthRequired} />
      <SettingsValidator onAuthRequired={onAuthRequired} />
      <TestConfigurations onAuthRequired={onAuthRequired} />
      <ApiTestsPanel onAuthRequired={onAuthRequired} />
    </div>
  );
}
