CREATE TYPE "public"."payment_method" AS ENUM('gocardless', 'justgiving', 'cash', 'cheque', 'bank_transfer', 'other');--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_payment_method";--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "payment_method" SET DATA TYPE "public"."payment_method" USING "payment_method"::"public"."payment_method";