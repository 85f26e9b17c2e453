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
	"wallet_mfc" bigint DEFAULT 0 NOT NULL,
	"wallet_miles" bigint DEFAULT 0 NOT NULL,
	"wallet_xp" bigint DEFAULT 0 NOT NULL,
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
	"role" text DEFAULT 'PILOT' NOT NULL,
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
CREATE TABLE "airline_applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"plane_id" uuid NOT NULL,
	"route_id" uuid,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'BOOKED' NOT NULL,
	"flight_number" text NOT NULL,
	"departure_ident" text NOT NULL,
	"arrival_ident" text NOT NULL,
	"flight_id" uuid,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"salary" bigint DEFAULT 0 NOT NULL,
	"mft_hours" double precision DEFAULT 0 NOT NULL,
	"mft_bonus" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "airline_hangars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"hub_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"rarity" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"operating_cost" integer NOT NULL,
	"next_dt_of_payment" timestamp with time zone,
	"inventory_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_hubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"airport_ident" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"operating_cost" integer NOT NULL,
	"next_dt_of_payment" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"rank_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_planes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"hangar_id" uuid,
	"inventory_item_id" uuid NOT NULL,
	"icao" text NOT NULL,
	"model" text NOT NULL,
	"tail_registration" text NOT NULL,
	"category" text NOT NULL,
	"eco_seats" integer DEFAULT 0 NOT NULL,
	"business_seats" integer DEFAULT 0 NOT NULL,
	"first_seats" integer DEFAULT 0 NOT NULL,
	"wear" double precision DEFAULT 100 NOT NULL,
	"lifetime_hours" double precision DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'BUILDING' NOT NULL,
	"airport_ident" text,
	"latitude_deg" double precision,
	"longitude_deg" double precision,
	"heading_deg" double precision DEFAULT 0 NOT NULL,
	"delivery_time" timestamp with time zone,
	"maintenance_start" timestamp with time zone,
	"maintenance_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_ranks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fc_bonus_percent" integer DEFAULT 0 NOT NULL,
	"plane_white_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"plane_black_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_idx" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"name" text NOT NULL,
	"destinations" text[] NOT NULL,
	"constraints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plane_category" text NOT NULL,
	"departure_time" text NOT NULL,
	"arrival_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_traffic_rights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"iso_country" text NOT NULL,
	"licence_cost" integer NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo" text,
	"game_difficulty" text DEFAULT 'REALIST' NOT NULL,
	"plane_category" text DEFAULT 'SMALL_HAUL' NOT NULL,
	"recruitment_opened" boolean DEFAULT false NOT NULL,
	"mft_option" text DEFAULT 'pilot' NOT NULL,
	"failed_at" timestamp with time zone,
	"generation" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "airlines_balance_not_negative" CHECK ("airlines"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"airline_id" uuid,
	"currency" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_state" text NOT NULL,
	"amount" bigint NOT NULL,
	"category" text NOT NULL,
	"category_data" jsonb NOT NULL,
	"description" text NOT NULL,
	"agent_user_name" text,
	"idempotency_key" text NOT NULL,
	"execution_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amount_positive" CHECK ("wallet_transactions"."amount" > 0),
	CONSTRAINT "wallet_transactions_one_owner" CHECK (("wallet_transactions"."user_id" is null) <> ("wallet_transactions"."airline_id" is null))
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
	"practice" boolean DEFAULT false NOT NULL,
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
	"review_status" text DEFAULT 'accepted' NOT NULL,
	"review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice" boolean DEFAULT false NOT NULL,
	"held_payments" jsonb,
	"pilot_reply" text,
	"pilot_replied_at" timestamp with time zone,
	"reviewer_comment" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_review_thresholds" (
	"airline_id" uuid PRIMARY KEY NOT NULL,
	"thresholds" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
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
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_mail_enabled" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referred_user_id" uuid NOT NULL,
	"sponsor_user_id" uuid NOT NULL,
	"flight_log_id" uuid NOT NULL,
	"sponsor_fc" integer NOT NULL,
	"referred_fc" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_bonuses_not_self" CHECK ("referral_bonuses"."referred_user_id" <> "referral_bonuses"."sponsor_user_id")
);
--> statement-breakpoint
CREATE TABLE "notams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"refers_to" text,
	"audience" text NOT NULL,
	"fir" text NOT NULL,
	"q_code" text NOT NULL,
	"traffic" text NOT NULL,
	"purpose" text NOT NULL,
	"scope" text NOT NULL,
	"lower_fl" integer NOT NULL,
	"upper_fl" integer NOT NULL,
	"latitude_deg" text NOT NULL,
	"longitude_deg" text NOT NULL,
	"radius_nm" integer NOT NULL,
	"locations" text[] NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"is_estimated" boolean NOT NULL,
	"schedule" text,
	"body" text NOT NULL,
	"lower_limit" text,
	"upper_limit" text,
	"raw" text NOT NULL,
	"ended_by_id" uuid,
	"issued_by_id" uuid,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booster_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"fc_amount" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"photo" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booster_packs_positive" CHECK ("booster_packs"."fc_amount" > 0 and "booster_packs"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"order_id" uuid,
	"subscription_plan_id" uuid,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"url" text NOT NULL,
	"client_secret" text,
	"provider_subscription_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"max_redemptions" integer,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_percent_range" CHECK ("coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_redemptions" CHECK ("coupons"."max_redemptions" is null or "coupons"."redeemed" <= "coupons"."max_redemptions")
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"airline_id" uuid,
	"item_id" uuid NOT NULL,
	"order_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"converted" boolean DEFAULT false NOT NULL,
	"converted_at" timestamp with time zone,
	"bonus_ends_at" timestamp with time zone,
	"daily_bonus_paid_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_one_owner" CHECK (("inventory_items"."user_id" is null) <> ("inventory_items"."airline_id" is null)),
	CONSTRAINT "inventory_items_quantity_positive" CHECK ("inventory_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "item_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_idx" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"context" text NOT NULL,
	"airline_id" uuid,
	"payment_type" text NOT NULL,
	"state" text NOT NULL,
	"lines" jsonb NOT NULL,
	"coupons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_fc" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_airline_context" CHECK ("orders"."context" = 'airline_manager' or "orders"."airline_id" is null)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"category_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"media" text,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer,
	"plane_category" text,
	"aircraft_icao" text,
	"hangar_size" text,
	"rarity" text,
	"badge_code" text,
	"licence_code" text,
	"x_miles_fixed_bonus" integer DEFAULT 0 NOT NULL,
	"miles_per_day_bonus" integer DEFAULT 0 NOT NULL,
	"miles_per_flight_hour_bonus" integer DEFAULT 0 NOT NULL,
	"bonus_days" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_price_not_negative" CHECK ("store_items"."price" >= 0),
	CONSTRAINT "store_items_stock_not_negative" CHECK ("store_items"."stock" is null or "store_items"."stock" >= 0),
	CONSTRAINT "store_items_aircraft_fields" CHECK ("store_items"."type" <> 'AIRCRAFT' or ("store_items"."plane_category" is not null and "store_items"."aircraft_icao" is not null)),
	CONSTRAINT "store_items_hangar_fields" CHECK ("store_items"."type" <> 'HANGAR' or ("store_items"."hangar_size" is not null and "store_items"."rarity" is not null))
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"payment_reference" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"price_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_generations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phpvms_acars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pirep_id" uuid NOT NULL,
	"type" text NOT NULL,
	"client_id" text,
	"order" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"sim_time" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phpvms_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phpvms_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pirep_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phpvms_pireps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"flight_id" uuid NOT NULL,
	"airline_id" text NOT NULL,
	"aircraft_id" text NOT NULL,
	"flight_number" text NOT NULL,
	"route_code" text,
	"route_leg" text,
	"flight_type" text,
	"dpt_airport_id" text NOT NULL,
	"arr_airport_id" text NOT NULL,
	"alt_airport_id" text,
	"level" integer,
	"route" text,
	"notes" text,
	"source_name" text NOT NULL,
	"state" integer NOT NULL,
	"status" text NOT NULL,
	"declared" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_frame_time_ms" bigint,
	"memory" jsonb,
	"flight_log_id" uuid,
	"block_off_time" timestamp with time zone,
	"block_on_time" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_applicants" ADD CONSTRAINT "airline_applicants_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_applicants" ADD CONSTRAINT "airline_applicants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_bookings" ADD CONSTRAINT "airline_bookings_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_bookings" ADD CONSTRAINT "airline_bookings_plane_id_airline_planes_id_fk" FOREIGN KEY ("plane_id") REFERENCES "public"."airline_planes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_bookings" ADD CONSTRAINT "airline_bookings_route_id_airline_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."airline_routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_bookings" ADD CONSTRAINT "airline_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_hangars" ADD CONSTRAINT "airline_hangars_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_hangars" ADD CONSTRAINT "airline_hangars_hub_id_airline_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."airline_hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_hubs" ADD CONSTRAINT "airline_hubs_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_members" ADD CONSTRAINT "airline_members_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_members" ADD CONSTRAINT "airline_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_members" ADD CONSTRAINT "airline_members_rank_id_airline_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."airline_ranks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_planes" ADD CONSTRAINT "airline_planes_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_planes" ADD CONSTRAINT "airline_planes_hangar_id_airline_hangars_id_fk" FOREIGN KEY ("hangar_id") REFERENCES "public"."airline_hangars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_ranks" ADD CONSTRAINT "airline_ranks_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_routes" ADD CONSTRAINT "airline_routes_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_traffic_rights" ADD CONSTRAINT "airline_traffic_rights_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airlines" ADD CONSTRAINT "airlines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aircraft_configurations" ADD CONSTRAINT "aircraft_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_licence_grants" ADD CONSTRAINT "pilot_licence_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_frames" ADD CONSTRAINT "flight_frames_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_logs" ADD CONSTRAINT "flight_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_review_thresholds" ADD CONSTRAINT "airline_review_thresholds_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_review_thresholds" ADD CONSTRAINT "airline_review_thresholds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_block_height_ledger_blocks_height_fk" FOREIGN KEY ("block_height") REFERENCES "public"."ledger_blocks"("height") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_flight_log_id_flight_logs_id_fk" FOREIGN KEY ("flight_log_id") REFERENCES "public"."flight_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_sponsor_user_id_users_id_fk" FOREIGN KEY ("sponsor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notams" ADD CONSTRAINT "notams_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_subscription_plan_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_generations" ADD CONSTRAINT "session_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phpvms_acars" ADD CONSTRAINT "phpvms_acars_pirep_id_phpvms_pireps_id_fk" FOREIGN KEY ("pirep_id") REFERENCES "public"."phpvms_pireps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phpvms_api_keys" ADD CONSTRAINT "phpvms_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phpvms_comments" ADD CONSTRAINT "phpvms_comments_pirep_id_phpvms_pireps_id_fk" FOREIGN KEY ("pirep_id") REFERENCES "public"."phpvms_pireps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phpvms_pireps" ADD CONSTRAINT "phpvms_pireps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_idx" ON "user_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_idx" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mf_id_idx" ON "users" USING btree ("mf_id");--> statement-breakpoint
CREATE INDEX "users_sponsor_idx" ON "users" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "outbox_mails_seq_idx" ON "outbox_mails" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_applicants_airline_user_idx" ON "airline_applicants" USING btree ("airline_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_bookings_live_plane_idx" ON "airline_bookings" USING btree ("plane_id") WHERE "airline_bookings"."state" in ('BOOKED', 'FLYING');--> statement-breakpoint
CREATE UNIQUE INDEX "airline_bookings_live_user_idx" ON "airline_bookings" USING btree ("user_id") WHERE "airline_bookings"."state" in ('BOOKED', 'FLYING');--> statement-breakpoint
CREATE INDEX "airline_bookings_flight_idx" ON "airline_bookings" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "airline_bookings_airline_idx" ON "airline_bookings" USING btree ("airline_id","state");--> statement-breakpoint
CREATE INDEX "airline_hangars_airline_idx" ON "airline_hangars" USING btree ("airline_id");--> statement-breakpoint
CREATE INDEX "airline_hangars_hub_idx" ON "airline_hangars" USING btree ("hub_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_hubs_airline_airport_idx" ON "airline_hubs" USING btree ("airline_id","airport_ident");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_hubs_one_main_idx" ON "airline_hubs" USING btree ("airline_id") WHERE "airline_hubs"."is_main";--> statement-breakpoint
CREATE UNIQUE INDEX "airline_members_airline_user_idx" ON "airline_members" USING btree ("airline_id","user_id");--> statement-breakpoint
CREATE INDEX "airline_members_user_idx" ON "airline_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "airline_planes_airline_idx" ON "airline_planes" USING btree ("airline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_planes_tail_idx" ON "airline_planes" USING btree ("tail_registration");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_planes_item_idx" ON "airline_planes" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "airline_ranks_airline_idx" ON "airline_ranks" USING btree ("airline_id","sort_idx");--> statement-breakpoint
CREATE INDEX "airline_routes_airline_idx" ON "airline_routes" USING btree ("airline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_traffic_rights_airline_iso_idx" ON "airline_traffic_rights" USING btree ("airline_id","iso_country");--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_code_upper_idx" ON "airlines" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_name_lower_idx" ON "airlines" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "airlines_owner_idx" ON "airlines" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_one_live_per_owner_idx" ON "airlines" USING btree ("owner_id") WHERE "airlines"."state" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","currency","execution_date");--> statement-breakpoint
CREATE INDEX "wallet_transactions_airline_idx" ON "wallet_transactions" USING btree ("airline_id","execution_date");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_idempotency_key_idx" ON "wallet_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_transactions_planned_idx" ON "wallet_transactions" USING btree ("execution_date") WHERE "wallet_transactions"."transaction_state" = 'PLANNED';--> statement-breakpoint
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
CREATE INDEX "flight_logs_review_idx" ON "flight_logs" USING btree ("review_status","end_date");--> statement-breakpoint
CREATE INDEX "ledger_records_hash_idx" ON "ledger_records" USING btree ("record_hash");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE INDEX "notifications_unpushed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."pushed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_bonuses_referred_idx" ON "referral_bonuses" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "referral_bonuses_sponsor_idx" ON "referral_bonuses" USING btree ("sponsor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notams_reference_idx" ON "notams" USING btree ("series","number","year");--> statement-breakpoint
CREATE INDEX "notams_in_force_idx" ON "notams" USING btree ("valid_from","valid_until") WHERE "notams"."ended_by_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "booster_packs_slug_idx" ON "booster_packs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_items_user_idx" ON "inventory_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_items_airline_idx" ON "inventory_items" USING btree ("airline_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_categories_name_idx" ON "item_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_idx" ON "payment_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_items_slug_idx" ON "store_items" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "store_items_category_idx" ON "store_items" USING btree ("category_id","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_payment_idx" ON "subscription_periods" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "subscription_periods_user_idx" ON "subscription_periods" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "subscription_periods_provider_sub_idx" ON "subscription_periods" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_code_type_idx" ON "subscription_plans" USING btree ("code","type");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_idx" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_airline_idx" ON "webhook_endpoints" USING btree ("airline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_key_idx" ON "webhook_events" USING btree ("airline_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "phpvms_acars_client_idx" ON "phpvms_acars" USING btree ("pirep_id","type","client_id");--> statement-breakpoint
CREATE INDEX "phpvms_acars_pirep_idx" ON "phpvms_acars" USING btree ("pirep_id","type","sim_time");--> statement-breakpoint
CREATE UNIQUE INDEX "phpvms_api_keys_hash_idx" ON "phpvms_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "phpvms_api_keys_user_idx" ON "phpvms_api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phpvms_comments_pirep_idx" ON "phpvms_comments" USING btree ("pirep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phpvms_pireps_flight_idx" ON "phpvms_pireps" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "phpvms_pireps_user_idx" ON "phpvms_pireps" USING btree ("user_id","created_at");