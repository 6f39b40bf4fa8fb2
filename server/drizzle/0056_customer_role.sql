ALTER TABLE "users" DROP CONSTRAINT "users_role_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_customer_idx" ON "users" USING btree ("customer_id") WHERE "users"."customer_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_ck" CHECK (("users"."role" = 'customer') = ("users"."customer_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('admin', 'staff', 'tire-man', 'workshop', 'customer'));