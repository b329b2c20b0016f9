CREATE TABLE "lending_participants" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"opted_in_at" timestamp with time zone NOT NULL,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "securities_borrows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "securities_borrows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"order_id" bigint NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	"price_minor" bigint NOT NULL,
	"collateral_minor" bigint NOT NULL,
	"collateral_returned_minor" bigint DEFAULT 0 NOT NULL,
	"fee_basis_points" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "securities_borrows_quantity_positive" CHECK ("securities_borrows"."quantity_minor" > 0),
	CONSTRAINT "securities_borrows_returned_within" CHECK ("securities_borrows"."returned_minor" >= 0 and "securities_borrows"."returned_minor" <= "securities_borrows"."quantity_minor")
);
--> statement-breakpoint
CREATE TABLE "securities_lending_charges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "securities_lending_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrow_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"lenders_minor" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "securities_lending_charges_amount" CHECK ("securities_lending_charges"."amount_minor" > 0 and "securities_lending_charges"."lenders_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "securities_loan_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "securities_loan_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrow_id" bigint NOT NULL,
	"lender_user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	"recalled_at" timestamp with time zone,
	"buy_in_at" timestamp with time zone,
	"recall_outcome" text,
	"buy_in_order_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "securities_loan_allocations_quantity_positive" CHECK ("securities_loan_allocations"."quantity_minor" > 0),
	CONSTRAINT "securities_loan_allocations_returned_within" CHECK ("securities_loan_allocations"."returned_minor" >= 0 and "securities_loan_allocations"."returned_minor" <= "securities_loan_allocations"."quantity_minor")
);
--> statement-breakpoint
ALTER TABLE "lending_participants" ADD CONSTRAINT "lending_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities_borrows" ADD CONSTRAINT "securities_borrows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities_lending_charges" ADD CONSTRAINT "securities_lending_charges_borrow_id_securities_borrows_id_fk" FOREIGN KEY ("borrow_id") REFERENCES "public"."securities_borrows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities_loan_allocations" ADD CONSTRAINT "securities_loan_allocations_borrow_id_securities_borrows_id_fk" FOREIGN KEY ("borrow_id") REFERENCES "public"."securities_borrows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities_loan_allocations" ADD CONSTRAINT "securities_loan_allocations_lender_user_id_users_id_fk" FOREIGN KEY ("lender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "securities_borrows_order_key" ON "securities_borrows" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "securities_borrows_user_idx" ON "securities_borrows" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "securities_lending_charges_once" ON "securities_lending_charges" USING btree ("borrow_id","kind","day");--> statement-breakpoint
CREATE INDEX "securities_loan_allocations_borrow_idx" ON "securities_loan_allocations" USING btree ("borrow_id");--> statement-breakpoint
CREATE INDEX "securities_loan_allocations_lender_idx" ON "securities_loan_allocations" USING btree ("lender_user_id","symbol");--> statement-breakpoint
CREATE INDEX "securities_loan_allocations_recall_idx" ON "securities_loan_allocations" USING btree ("buy_in_at") WHERE "securities_loan_allocations"."recalled_at" is not null and "securities_loan_allocations"."recall_outcome" is null;