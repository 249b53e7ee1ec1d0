ALTER TABLE "published_service_offers" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', title || ' ' || description)) STORED;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', title || ' ' || description)) STORED;--> statement-breakpoint
CREATE INDEX "published_service_offers_search_idx" ON "published_service_offers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "published_service_offers_new_idx" ON "published_service_offers" USING btree ("published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "published_service_offers_price_idx" ON "published_service_offers" USING btree ("price_from_kopecks","id");--> statement-breakpoint
CREATE INDEX "service_requests_search_idx" ON "service_requests" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "service_requests_public_new_idx" ON "service_requests" USING btree ("published_at" DESC NULLS LAST,"id") WHERE "service_requests"."status" = 'open' and "service_requests"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "service_requests_public_budget_idx" ON "service_requests" USING btree ("budget_kopecks","id") WHERE "service_requests"."status" = 'open' and "service_requests"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "service_requests_public_deadline_idx" ON "service_requests" USING btree ("proposals_deadline","id") WHERE "service_requests"."status" = 'open' and "service_requests"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "service_requests_public_starts_idx" ON "service_requests" USING btree ("starts_on") WHERE "service_requests"."status" = 'open' and "service_requests"."visibility" = 'public';