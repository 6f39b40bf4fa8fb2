-- Recounts tire_check_daily and tire_check_monthly from tire_checks by local day of performed_at in
-- the report_timezone zone (and tire_check_unit_month with them: report_rollups_rebuild() is also
-- what a change of APP_TIMEZONE runs, reports/report-timezone.ts).
SELECT report_rollups_rebuild();
