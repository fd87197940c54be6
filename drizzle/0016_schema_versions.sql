CREATE TABLE "schema_versions" (
	"schema" integer NOT NULL,
	"product" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schema_versions_schema_product_pk" PRIMARY KEY("schema","product")
);
