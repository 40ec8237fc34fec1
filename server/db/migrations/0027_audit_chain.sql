-- The audit log proves itself: each row carries the previous row's hash and its own, sha256 over a canonical text
-- of the row (audit_log_canonical; server/operators/audit-chain.ts recomputes it in Node), and the database's own
-- time of insert (recorded_at). A BEFORE INSERT trigger, owned by the migrating role, sets id, recorded_at,
-- prev_hash and hash whatever the insert names, under an advisory transaction lock taken before the id, so id
-- order is chain order. The server's role may only INSERT and SELECT here (server/db/roles.ts), so it can neither
-- skip the trigger nor rewrite a row. withdrawal_approvals becomes append-only the same way.
ALTER TABLE "audit_log" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The trigger takes the id from the sequence after the lock; a default would take one before it.
ALTER TABLE "audit_log" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
CREATE FUNCTION "audit_log_field"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN value IS NULL THEN '\N' ELSE replace(replace(value, '\', '\\'), '|', '\|') END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_canonical"(r "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
	SELECT concat_ws('|',
		'audit-v1',
		r.id::text,
		audit_log_field(((extract(epoch FROM r.at) * 1000000)::bigint)::text),
		audit_log_field(((extract(epoch FROM r.recorded_at) * 1000000)::bigint)::text),
		audit_log_field(r.operator),
		audit_log_field(r.action),
		audit_log_field(r.target),
		audit_log_field(r.before::text),
		audit_log_field(r.after::text),
		audit_log_field(r.prev_hash))
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(731003);
	NEW.id := nextval('audit_log_id_seq');
	NEW.recorded_at := clock_timestamp();
	NEW.prev_hash := coalesce((SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1), '');
	NEW.hash := encode(sha256(convert_to(audit_log_canonical(NEW), 'UTF8')), 'hex');
	RETURN NEW;
END;
$$;--> statement-breakpoint
-- The rows written before the chain: chained in id order, their insert time unknown (recorded_at null).
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
DO $$
DECLARE
	r "audit_log";
	previous text := '';
BEGIN
	FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
		r.prev_hash := previous;
		previous := encode(sha256(convert_to(audit_log_canonical(r), 'UTF8')), 'hex');
		UPDATE audit_log SET prev_hash = r.prev_hash, hash = previous WHERE id = r.id;
	END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();--> statement-breakpoint
CREATE FUNCTION "withdrawal_approvals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'withdrawal_approvals is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "withdrawal_approvals_no_change" BEFORE UPDATE OR DELETE ON "withdrawal_approvals" FOR EACH ROW EXECUTE FUNCTION "withdrawal_approvals_append_only"();--> statement-breakpoint
CREATE TRIGGER "withdrawal_approvals_no_truncate" BEFORE TRUNCATE ON "withdrawal_approvals" FOR EACH STATEMENT EXECUTE FUNCTION "withdrawal_approvals_append_only"();
