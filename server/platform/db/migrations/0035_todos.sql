CREATE TABLE "todo_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"task_id" uuid,
	"occurrence_date" date NOT NULL,
	"status" text NOT NULL,
	"member_id" uuid,
	"stars" integer DEFAULT 0 NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todo_lists_family_id_key" UNIQUE("family_id","id")
);
--> statement-breakpoint
CREATE TABLE "todo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reward_id" uuid,
	"title" text NOT NULL,
	"stars" integer NOT NULL,
	"redeemed_by" uuid,
	"redeemed_by_name" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"title" text NOT NULL,
	"goal_stars" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_star_balances" (
	"member_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "todo_star_balances_member_id_pk" PRIMARY KEY("member_id")
);
--> statement-breakpoint
CREATE TABLE "todo_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"assignee_id" uuid,
	"due_date" date,
	"due_time" text,
	"repeat" jsonb,
	"anchor_date" date,
	"stars" integer,
	"position" integer NOT NULL,
	"done_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todo_tasks_stars_check" CHECK ("todo_tasks"."stars" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "todo_completions" ADD CONSTRAINT "todo_completions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_completions" ADD CONSTRAINT "todo_completions_task_id_todo_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."todo_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_completions" ADD CONSTRAINT "todo_completions_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_completions" ADD CONSTRAINT "todo_completions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_lists" ADD CONSTRAINT "todo_lists_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_redemptions" ADD CONSTRAINT "todo_redemptions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_redemptions" ADD CONSTRAINT "todo_redemptions_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_redemptions" ADD CONSTRAINT "todo_redemptions_reward_id_todo_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."todo_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_redemptions" ADD CONSTRAINT "todo_redemptions_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_rewards" ADD CONSTRAINT "todo_rewards_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_rewards" ADD CONSTRAINT "todo_rewards_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_star_balances" ADD CONSTRAINT "todo_star_balances_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_star_balances" ADD CONSTRAINT "todo_star_balances_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tasks" ADD CONSTRAINT "todo_tasks_assignee_id_family_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tasks" ADD CONSTRAINT "todo_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tasks" ADD CONSTRAINT "todo_tasks_list_family_fk" FOREIGN KEY ("list_id","family_id") REFERENCES "public"."todo_lists"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "todo_completions_task_date_key" ON "todo_completions" USING btree ("task_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "todo_completions_family_date_idx" ON "todo_completions" USING btree ("family_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "todo_redemptions_family_idx" ON "todo_redemptions" USING btree ("family_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "todo_rewards_family_idx" ON "todo_rewards" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "todo_rewards_member_idx" ON "todo_rewards" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "todo_star_balances_family_idx" ON "todo_star_balances" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "todo_tasks_list_open_idx" ON "todo_tasks" USING btree ("list_id","position") WHERE "todo_tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "todo_tasks_list_done_idx" ON "todo_tasks" USING btree ("list_id","done_at") WHERE "todo_tasks"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "todo_tasks_family_due_idx" ON "todo_tasks" USING btree ("family_id","due_date") WHERE "todo_tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "todo_tasks_assignee_idx" ON "todo_tasks" USING btree ("assignee_id");