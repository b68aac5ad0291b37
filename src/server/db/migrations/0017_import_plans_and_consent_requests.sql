CREATE TABLE "import_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"created_by_user_id" uuid,
	"plan" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_plans" ADD CONSTRAINT "import_plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;