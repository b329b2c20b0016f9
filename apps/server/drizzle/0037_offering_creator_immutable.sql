-- Who created an IPO offering or a placement (staff or, in demo mode, the simulator: migrations
-- 0033 and 0034) is written once, at creation. An UPDATE that changes created_by,
-- created_by_staff_id or demo_round is refused (SQLSTATE 55000, as the append-only audit log):
-- a staff member's product cannot be passed off as the simulator's, nor the other way round.
CREATE FUNCTION product_creator_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.created_by IS DISTINCT FROM OLD.created_by
    OR NEW.created_by_staff_id IS DISTINCT FROM OLD.created_by_staff_id
    OR NEW.demo_round IS DISTINCT FROM OLD.demo_round THEN
    RAISE EXCEPTION 'the creator of % % is written once: change refused', TG_TABLE_NAME, OLD.id USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER placements_creator_immutable BEFORE UPDATE ON placements
  FOR EACH ROW EXECUTE FUNCTION product_creator_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ipo_offerings_creator_immutable BEFORE UPDATE ON ipo_offerings
  FOR EACH ROW EXECUTE FUNCTION product_creator_refuse_change();
