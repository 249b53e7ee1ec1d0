-- Job kinds are named <domain>.<what_is_done> (server/jobs/declared.ts): jobs queued under the
-- earlier names keep running under the new ones.
UPDATE "jobs" SET "kind" = 'media.publish_article' WHERE "kind" = 'media.article.publish';--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'exchange.announce_request' WHERE "kind" = 'exchange.request.announce';--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'exchange.expire_requests' WHERE "kind" = 'exchange.requests.expire';--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'products.clean_imports' WHERE "kind" = 'products.import.cleanup';--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'products.run_import' WHERE "kind" = 'products.import';--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'products.parse_import' WHERE "kind" = 'products.import.parse';
