-- A pool's ranking event is raised by the database, from its standings rows
-- (docs/decisions/074-the-database-raises-the-ranking-event.md): every statement that writes a pool's `standings` or
-- `round_standings` rows (a result, a recompute, a join, a removal, the creator starting or stopping to play, an
-- account deleted, a repair in SQL) moves that pool's `standings_updated_at`, and 0019's trigger on pools notifies
-- `{kind:'ranking', poolId, version}` at commit. Once per pool and transaction, however many statements the write
-- took: the pools it moved already wait in a transaction-local setting (as 0021's users do; a rolled-back savepoint
-- forgets its own). The new time always follows the last one, so a write in the same millisecond as the one before
-- still moves it and is still heard; to the millisecond, as the version and a JS Date read it.
CREATE FUNCTION move_standings_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[] := coalesce(string_to_array(nullif(current_setting('quiniela.standings_moved', true), ''), ',')::integer[], '{}');
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT new_rows.pool_id FROM new_rows EXCEPT SELECT unnest(moved));
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT old_rows.pool_id FROM old_rows EXCEPT SELECT unnest(moved));
  ELSE
    touched := ARRAY(SELECT old_rows.pool_id FROM old_rows UNION SELECT new_rows.pool_id FROM new_rows EXCEPT SELECT unnest(moved));
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  PERFORM set_config('quiniela.standings_moved', array_to_string(moved || touched, ','), true);
  UPDATE pools SET standings_updated_at = greatest(date_trunc('milliseconds', now()), standings_updated_at + interval '1 millisecond')
  WHERE id = ANY (touched);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER standings_inserted_ranking AFTER INSERT ON standings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_standings_time();--> statement-breakpoint
CREATE TRIGGER standings_updated_ranking AFTER UPDATE ON standings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_standings_time();--> statement-breakpoint
CREATE TRIGGER standings_deleted_ranking AFTER DELETE ON standings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_standings_time();--> statement-breakpoint
CREATE TRIGGER round_standings_inserted_ranking AFTER INSERT ON round_standings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_standings_time();--> statement-breakpoint
CREATE TRIGGER round_standings_updated_ranking AFTER UPDATE ON round_standings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_standings_time();--> statement-breakpoint
CREATE TRIGGER round_standings_deleted_ranking AFTER DELETE ON round_standings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION move_standings_time();
