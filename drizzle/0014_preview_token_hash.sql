-- Preview link tokens are kept as their SHA-256 (hex of the token's UTF-8 bytes), as the server computes it, so
-- links handed out before keep working and the table no longer holds a usable token (ADR 048).
ALTER TABLE "preview_links" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
UPDATE "preview_links" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');--> statement-breakpoint
ALTER INDEX "preview_links_token_key" RENAME TO "preview_links_token_hash_key";
