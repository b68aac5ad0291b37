CREATE TABLE "upload_objects" (
	"object_id" uuid PRIMARY KEY NOT NULL,
	"session_key" text,
	"owner_key" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_objects_session_key_idx" ON "upload_objects" USING btree ("session_key");--> statement-breakpoint
CREATE INDEX "upload_objects_owner_key_idx" ON "upload_objects" USING btree ("owner_key");