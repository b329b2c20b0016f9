CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"sequence" bigint NOT NULL,
	"hash" text NOT NULL,
	"legacy_until_id" bigint NOT NULL,
	"is_legacy_sealed" boolean NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_seals" (
	"sequence" bigint PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_seals_sequence_positive" CHECK ("audit_seals"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_seals" ADD CONSTRAINT "audit_seals_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seals_audit_key" ON "audit_seals" USING btree ("audit_id");--> statement-breakpoint
-- The chain starts at genesis; rows written before this migration (ids up to legacy_until_id) are
-- sealed, in id order, by the first audit write after it (ADR 0006).
INSERT INTO "audit_chain_head" ("id", "sequence", "hash", "legacy_until_id", "is_legacy_sealed")
  SELECT 1, 0, repeat('0', 64), coalesce(max("id"), 0), max("id") IS NULL FROM "audit_log";
--> statement-breakpoint
-- Seals are append-only like the log (SQLSTATE 55000).
CREATE TRIGGER audit_seals_append_only BEFORE UPDATE OR DELETE ON audit_seals
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_seals_no_truncate BEFORE TRUNCATE ON audit_seals
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The head only moves forward: never deleted, its sequence only grows, its legacy marks only
-- go from pending to sealed.
CREATE FUNCTION audit_chain_head_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR NEW.id <> OLD.id OR NEW.sequence < OLD.sequence
    OR (NEW.sequence = OLD.sequence AND NEW.hash <> OLD.hash)
    OR NEW.legacy_until_id <> OLD.legacy_until_id OR (OLD.is_legacy_sealed AND NOT NEW.is_legacy_sealed) THEN
    RAISE EXCEPTION 'audit chain head only moves forward: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_forward_only BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_forward_only();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
