import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { routeTable } from "../testing/route-table";

/**
 * Every loader, action and API router passes the server's clock to the domain (ADR 0179): a domain
 * function that takes `now` with a default (`now = new Date()`, `ctx: { now?: Date }`) is called from a
 * page or a router with `now` given, from `context.clock.now()` (`req.app.locals`' clock under /api).
 * Left to its default, the function stamps the system time, and a server whose clock tests move
 * (`TEST_CLOCK=1`) files the row in another day, month or 7-day window than its page shows.
 * The check reads the types: each call's resolved signature, wherever the function lives in server/.
 */

const root = process.cwd();
const callers = [
  ...routeTable().map((r) => path.resolve("app", r.file)),
  ...ts.sys.readDirectory(path.resolve("server"), [".ts"], undefined, ["**/router.ts"]).map((f) => path.resolve(f)),
];

function program() {
  const config = ts.getParsedCommandLineOfConfigFile(path.resolve("tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  return ts.createProgram({ rootNames: [...callers, ...config.fileNames.filter((f) => f.includes(".react-router"))], options: config.options });
}

/**
 * The calls that still leave `now` to its default, by module, function and parameter: fix one and
 * take it off; a call that is not here fails the test. The stays, payments and grooming guarantee
 * pages pass the clock everywhere (issue #42); these are what is left.
 */
const notYet = () => new Set(BASELINE);

/** "app/routes/x.tsx fn now" for each call from `file` that does not pass `now` (or "ctx.now"). */
function clockLeftOut(p: ts.Program, file: string): string[] {
  const checker = p.getTypeChecker();
  const source = p.getSourceFile(file);
  if (!source) return [];
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const declaration = checker.getResolvedSignature(node)?.declaration;
      const where = declaration?.getSourceFile().fileName ?? "";
      if (declaration && !ts.isJSDocSignature(declaration) && where.startsWith(path.join(root, "server")) && !where.includes("/testing/")) {
        declaration.parameters.forEach((param, i) => {
          const arg = node.arguments[i];
          const name = param.name.getText();
          const optional = Boolean(param.questionToken || param.initializer);
          if (name === "now" && optional && (!arg || arg.kind === ts.SyntaxKind.UndefinedKeyword)) found.push(describe(node, "now"));
          // An options object with an optional `now` (`ctx: { now?: Date }`): given as a literal, it must hold `now`.
          const type = checker.getTypeAtLocation(param);
          const nowProperty = type.getProperty("now");
          const optionalNow = nowProperty && (nowProperty.flags & ts.SymbolFlags.Optional) !== 0;
          if (optionalNow && name !== "now") {
            const given =
              arg && ts.isObjectLiteralExpression(arg)
                ? arg.properties.some((prop) => prop.name?.getText() === "now" || ts.isSpreadAssignment(prop))
                : Boolean(arg);
            if (!given) found.push(describe(node, `${name}.now`));
          }
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  const describe = (call: ts.CallExpression, what: string) => {
    const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.getText() : call.expression.getText();
    return `${path.relative(root, file)} ${callee} ${what}`;
  };
  visit(source);
  return found;
}

describe("the server's clock", () => {
  it("is passed by every page and router to each domain function that takes `now`", { timeout: 240_000 }, () => {
    const p = program();
    const NOT_YET = notYet();
    const found = new Set(callers.flatMap((file) => clockLeftOut(p, file)));
    expect(
      [...found].filter((call) => !NOT_YET.has(call)),
      "calls that leave `now` to its default: pass context.clock.now()",
    ).toEqual([]);
    expect(
      [...NOT_YET].filter((call) => !found.has(call)),
      "fixed: take these off the list",
    ).toEqual([]);
  });
});

// prettier-ignore
const BASELINE: string[] = [
  "app/routes/unsubscribe.tsx stopReviewRequests now",
  "app/routes/unsubscribe.tsx unsubscribe now",
  "app/routes/auth.verify.tsx verifyLinkAction now",
  "app/routes/admin/bookings.tsx listUpcoming now",
  "app/routes/admin/bookings.tsx updateAppointment now",
  "app/routes/admin/bookings.tsx confirmProposal now",
  "app/routes/admin/bookings.tsx setStatus now",
  "app/routes/admin/rooms.tsx saveSuiteType now",
  "app/routes/admin/rooms.tsx saveStayWindows now",
  "app/routes/admin/rooms.tsx saveHouseRules now",
  "app/routes/admin/grooming.tsx saveGroomingService now",
  "app/routes/admin/grooming.tsx saveGroomerWeek now",
  "app/routes/admin/documents.tsx verifyVaccineRecord now",
  "app/routes/admin/documents.tsx rejectVaccineRecord now",
  "app/routes/admin/documents.tsx queueMail now",
  "app/routes/admin/documents.tsx sendMailNow now",
  "app/routes/account.tsx phoneProofStatus now",
  "app/routes/account.tsx confirmPhoneCode now",
  "app/routes/account.tsx saveDiaryPreference now",
  "app/routes/account.tsx saveHousehold now",
  "app/routes/appointments.tsx listCustomerAppointmentsPage now",
  "app/routes/book.groom.tsx rescheduleGroom ctx.now",
  "app/routes/cats.tsx currentRecordsByCat now",
  "app/routes/cats.$catId.tsx listVaccineRecords now",
  "app/routes/cats.$catId.tsx updateCat now",
  "app/routes/cats.$catId.tsx saveCatPhoto now",
  "app/routes/cats.$catId.tsx archiveCat now",
  "app/routes/account.export.ts exportZip now",
  "server/analytics/router.ts recordPageView now",
  "server/appointments/router.ts sendReminder now",
  "server/auth/router.ts sessionCookies now",
  "server/auth/router.ts authenticate now",
  "server/auth/router.ts requestSignIn now",
  "server/auth/router.ts signInWithCode now",
  "server/callback/router.ts requestCallback now",
  "server/leads/router.ts createVoucherRequest now",
  "server/leads/router.ts sendVoucherMail now",
  "server/leads/router.ts signUpForNewsletter now",
  "server/payments/router.ts handlePaymentEvent ctx.now",
  "server/texts/router.ts receiveText now",
];
