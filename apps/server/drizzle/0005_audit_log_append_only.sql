-- The audit log is append-only (DESIGN.md §1.10): UPDATE, DELETE and TRUNCATE are refused.
-- SQLSTATE 55000 (object_not_in_prerequisite_state), as for the ledger journal.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
