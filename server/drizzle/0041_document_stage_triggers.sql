-- Written by npm run db:read-models: brings the functions and triggers to server/src/db/read-models.
-- Re-applied: document-stage.
CREATE OR REPLACE FUNCTION public.mismatch_stage()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- a step of the lifecycle kernel names its stage; any other write gets the one its facts mean
  IF TG_OP = 'UPDATE' AND NEW.stage IS DISTINCT FROM OLD.stage THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' AND NEW.stage <> 'sent' THEN RETURN NEW; END IF;
  NEW.stage := CASE WHEN NEW.status = 'approved' THEN 'validated' ELSE 'sent' END;
  RETURN NEW;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.returnable_document_stage()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- a step of the lifecycle kernel names its stage; any other write (a seed, a restore, a fix by
  -- hand) gets the one its facts mean, and a document sent again stays so until its next step
  IF TG_OP = 'UPDATE' AND NEW.stage IS DISTINCT FROM OLD.stage THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' AND NEW.stage <> 'sent' THEN RETURN NEW; END IF;
  NEW.stage := CASE
    WHEN NEW.status = 'approved' AND NEW.workshop_sign <> '-' THEN 'workshop_signed'
    WHEN NEW.status = 'approved' THEN 'validated'
    WHEN NEW.returned_at IS NOT NULL THEN 'returned'
    WHEN TG_OP = 'UPDATE' AND OLD.stage = 'resubmitted' THEN 'resubmitted'
    ELSE 'sent' END;
  RETURN NEW;
END
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS mismatches_stage ON public.mismatches;
--> statement-breakpoint
CREATE TRIGGER mismatches_stage BEFORE INSERT OR UPDATE ON public.mismatches FOR EACH ROW EXECUTE FUNCTION mismatch_stage();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tire_checks_stage ON public.tire_checks;
--> statement-breakpoint
CREATE TRIGGER tire_checks_stage BEFORE INSERT OR UPDATE ON public.tire_checks FOR EACH ROW EXECUTE FUNCTION returnable_document_stage();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tire_replacements_stage ON public.tire_replacements;
--> statement-breakpoint
CREATE TRIGGER tire_replacements_stage BEFORE INSERT OR UPDATE ON public.tire_replacements FOR EACH ROW EXECUTE FUNCTION returnable_document_stage();
