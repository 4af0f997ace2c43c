-- Issue 11 items 8, 9, 12 (hand-written; decisions 33–35).
-- Login throttling: one row per account ('u:' + lower(name)) and per address ('ip:' + address).
CREATE TABLE "login_intento" (
	"clave" varchar(200) PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	"hasta" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_intento_desde_idx" ON "login_intento" USING btree ("desde");
--> statement-breakpoint
-- TOTP: a new secret waits here until its first code is confirmed; the last accepted time step
-- makes every code single use (ASVS 2.8.4).
ALTER TABLE "usuario" ADD COLUMN "totp_pendiente" varchar(64);
--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "totp_ultimo_paso" bigint;
--> statement-breakpoint
-- API tokens expire; the ones already issued get the default validity from today.
ALTER TABLE "api_token" ADD COLUMN "expira" timestamp with time zone DEFAULT (now() + interval '90 days') NOT NULL;
