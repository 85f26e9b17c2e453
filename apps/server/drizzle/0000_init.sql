CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_name" text NOT NULL,
	"mf_id" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text,
	"career_started" boolean DEFAULT false NOT NULL,
	"photo" text,
	"simbrief" text,
	"vatsim" text,
	"ivao" text,
	"wallet_mfc" integer DEFAULT 0 NOT NULL,
	"wallet_miles" integer DEFAULT 0 NOT NULL,
	"wallet_xp" integer DEFAULT 0 NOT NULL,
	"first_name" text,
	"last_name" text,
	"city" text,
	"country" text,
	"date_of_birth" text,
	"last_location_ident" text,
	"home_hub_ident" text,
	"level" integer DEFAULT 1 NOT NULL,
	"number_of_flight" integer DEFAULT 0 NOT NULL,
	"flight_hours" double precision DEFAULT 0 NOT NULL,
	"nb_missions_current_month" integer DEFAULT 0 NOT NULL,
	"next_remuneration" timestamp with time zone,
	"afrv_id" text,
	"afrv_flag" boolean DEFAULT false NOT NULL,
	"afrv_key" text,
	"sponsor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_mails_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"airline_id" uuid,
	"currency" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_state" text NOT NULL,
	"amount" integer NOT NULL,
	"category" text NOT NULL,
	"category_data" jsonb NOT NULL,
	"description" text NOT NULL,
	"agent_user_name" text,
	"reference" text,
	"execution_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amount_positive" CHECK ("wallet_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "aircraft_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"icao" text NOT NULL,
	"name" text NOT NULL,
	"first" integer NOT NULL,
	"business" integer NOT NULL,
	"eco" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"ident" text PRIMARY KEY NOT NULL,
	"our_airports_id" integer,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"latitude_deg" double precision NOT NULL,
	"longitude_deg" double precision NOT NULL,
	"elevation_ft" integer,
	"continent" text,
	"iso_country" text NOT NULL,
	"iso_region" text,
	"municipality" text,
	"scheduled_service" boolean DEFAULT false NOT NULL,
	"gps_code" text,
	"iata_code" text,
	"local_code" text,
	"keywords" text
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"continent" text
);
--> statement-breakpoint
CREATE TABLE "pilot_licence_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_code" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_datasets" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"airport_count" integer NOT NULL,
	"runway_count" integer NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"local_code" text,
	"name" text NOT NULL,
	"continent" text,
	"iso_country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runways" (
	"id" integer PRIMARY KEY NOT NULL,
	"airport_ident" text NOT NULL,
	"length_ft" integer,
	"width_ft" integer,
	"surface" text,
	"lighted" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"le_ident" text,
	"le_latitude_deg" double precision,
	"le_longitude_deg" double precision,
	"le_elevation_ft" integer,
	"le_heading_degt" double precision,
	"le_displaced_threshold_ft" integer,
	"he_ident" text,
	"he_latitude_deg" double precision,
	"he_longitude_deg" double precision,
	"he_elevation_ft" integer,
	"he_heading_degt" double precision,
	"he_displaced_threshold_ft" integer
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"period_key" text,
	"slot" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"mission_type" text NOT NULL,
	"aircraft_category" text NOT NULL,
	"flight_number" text NOT NULL,
	"cl_required" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"departure_ident" text NOT NULL,
	"departure_name" text,
	"departure_latitude_deg" double precision NOT NULL,
	"departure_longitude_deg" double precision NOT NULL,
	"departure_elevation_ft" integer NOT NULL,
	"arrival_ident" text NOT NULL,
	"arrival_name" text,
	"arrival_latitude_deg" double precision NOT NULL,
	"arrival_longitude_deg" double precision NOT NULL,
	"arrival_elevation_ft" integer NOT NULL,
	"distance_nm" integer NOT NULL,
	"cargos" jsonb NOT NULL,
	"pax" integer NOT NULL,
	"xp_bonus" integer NOT NULL,
	"fc_bonus" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mission_id" uuid NOT NULL,
	"flight_id" text,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flight_frames" (
	"flight_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"frame" text,
	CONSTRAINT "flight_frames_flight_id_seq_pk" PRIMARY KEY("flight_id","seq")
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"flight_number" text NOT NULL,
	"aircraft_icao" text NOT NULL,
	"aircraft_registration" text,
	"departure_ident" text NOT NULL,
	"arrival_ident" text NOT NULL,
	"original_arrival_ident" text NOT NULL,
	"cruise_level_ft" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"pax" jsonb NOT NULL,
	"cargos" jsonb NOT NULL,
	"transport_id" uuid,
	"mission_id" uuid,
	"virtual_airline_id" uuid,
	"afrv_key" text,
	"afrv_bid_id" text,
	"scheduled_departure_time" timestamp with time zone,
	"scheduled_arrival_time" timestamp with time zone,
	"flight_step" text DEFAULT 'none' NOT NULL,
	"ready_to_end_flight" boolean DEFAULT false NOT NULL,
	"snapshot" text,
	"snapshot_seq" integer DEFAULT 0 NOT NULL,
	"flight_log_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flight_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"flight_id" uuid NOT NULL,
	"type" text NOT NULL,
	"flight_number" text NOT NULL,
	"aircraft_icao" text NOT NULL,
	"aircraft_registration" text,
	"departure_ident" text NOT NULL,
	"arrival_ident" text NOT NULL,
	"original_arrival_ident" text NOT NULL,
	"airports" jsonb NOT NULL,
	"cruise_level_ft" integer NOT NULL,
	"is_pnc" boolean NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"flight_duration_seconds" integer NOT NULL,
	"flight_hours" double precision NOT NULL,
	"distance_nm" integer NOT NULL,
	"is_arrived" boolean NOT NULL,
	"fc" integer NOT NULL,
	"xp" integer NOT NULL,
	"satisfaction_xp" integer NOT NULL,
	"mission_fc_bonus" integer DEFAULT 0 NOT NULL,
	"mission_xp_bonus" integer DEFAULT 0 NOT NULL,
	"fc_reason" text,
	"in_rest_period" boolean NOT NULL,
	"next_remuneration" timestamp with time zone,
	"flight_score" integer NOT NULL,
	"pax" jsonb NOT NULL,
	"cargos" jsonb NOT NULL,
	"mission_id" uuid,
	"outcome" jsonb NOT NULL,
	"reward" jsonb NOT NULL,
	"ledger_state" text DEFAULT 'pending' NOT NULL,
	"ledger_hash" text,
	"ledger_block_height" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_blocks" (
	"height" integer PRIMARY KEY NOT NULL,
	"previous_hash" text NOT NULL,
	"merkle_root" text NOT NULL,
	"record_count" integer NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	CONSTRAINT "ledger_blocks_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "ledger_records" (
	"block_height" integer NOT NULL,
	"leaf_index" integer NOT NULL,
	"record_hash" text NOT NULL,
	"flight_log_id" uuid,
	CONSTRAINT "ledger_records_block_height_leaf_index_pk" PRIMARY KEY("block_height","leaf_index")
);
--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aircraft_configurations" ADD CONSTRAINT "aircraft_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_licence_grants" ADD CONSTRAINT "pilot_licence_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_frames" ADD CONSTRAINT "flight_frames_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_logs" ADD CONSTRAINT "flight_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_block_height_ledger_blocks_height_fk" FOREIGN KEY ("block_height") REFERENCES "public"."ledger_blocks"("height") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_flight_log_id_flight_logs_id_fk" FOREIGN KEY ("flight_log_id") REFERENCES "public"."flight_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_idx" ON "user_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_idx" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mf_id_idx" ON "users" USING btree ("mf_id");--> statement-breakpoint
CREATE INDEX "users_sponsor_idx" ON "users" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "outbox_mails_seq_idx" ON "outbox_mails" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","currency","execution_date");--> statement-breakpoint
CREATE INDEX "wallet_transactions_airline_idx" ON "wallet_transactions" USING btree ("airline_id","execution_date");--> statement-breakpoint
CREATE INDEX "wallet_transactions_reference_idx" ON "wallet_transactions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "aircraft_configurations_user_icao_name_idx" ON "aircraft_configurations" USING btree ("user_id","icao",lower("name"));--> statement-breakpoint
CREATE INDEX "airports_iata_idx" ON "airports" USING btree ("iata_code");--> statement-breakpoint
CREATE UNIQUE INDEX "pilot_licence_grants_user_code_idx" ON "pilot_licence_grants" USING btree ("user_id","licence_code");--> statement-breakpoint
CREATE INDEX "runways_airport_ident_idx" ON "runways" USING btree ("airport_ident");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_period_slot_idx" ON "missions" USING btree ("period_key","slot");--> statement-breakpoint
CREATE INDEX "missions_window_idx" ON "missions" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "user_missions_user_started_idx" ON "user_missions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flights_one_in_progress_per_user_idx" ON "flights" USING btree ("user_id") WHERE "flights"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "flights_status_idx" ON "flights" USING btree ("status");--> statement-breakpoint
CREATE INDEX "flights_user_created_idx" ON "flights" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flight_logs_flight_idx" ON "flight_logs" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "flight_logs_user_end_idx" ON "flight_logs" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE INDEX "flight_logs_ledger_idx" ON "flight_logs" USING btree ("ledger_state","created_at");--> statement-breakpoint
CREATE INDEX "ledger_records_hash_idx" ON "ledger_records" USING btree ("record_hash");