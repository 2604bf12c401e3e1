ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_known";--> statement-breakpoint
-- hand-written below
-- The team's roles (ADR 0185): admins become owners, staff care attendants, one role a person.
DELETE FROM "user_roles" r
  WHERE r."role" = 'staff' AND EXISTS (SELECT 1 FROM "user_roles" a WHERE a."user_id" = r."user_id" AND a."role" = 'admin');
--> statement-breakpoint
UPDATE "user_roles" SET "role" = CASE "role" WHEN 'admin' THEN 'owner' WHEN 'staff' THEN 'care' ELSE "role" END;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_known" CHECK ("role" in ('owner','manager','front_desk','care'));
--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_one_role" ON "user_roles" ("user_id");
--> statement-breakpoint
-- At least one owner, always: a change that takes the last owner's role away (a removal, a new role,
-- the account deleted) is refused. The team's lock (advisory 142005, 0; `lockTeam` in
-- server/auth/roles.ts takes it first) makes two owners removing each other at once queue: the second
-- counts after the first committed, and finds no other owner.
CREATE FUNCTION user_roles_keep_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(142005, 0);
  IF NOT EXISTS (SELECT 1 FROM "user_roles" WHERE "role" = 'owner') THEN
    RAISE EXCEPTION 'the team keeps at least one owner' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_roles_keep_an_owner AFTER DELETE OR UPDATE OF "role" ON "user_roles"
  FOR EACH ROW WHEN (OLD."role" = 'owner') EXECUTE FUNCTION user_roles_keep_an_owner();
