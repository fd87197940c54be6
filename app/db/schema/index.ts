// The whole database schema, one file per domain; `~/db/schema` is this file. Table and column names follow the
// original product's database so its data maps one to one; tables the product adds (auth, audit, rate limits,
// app metadata) get plain names. drizzle-kit reads this file (drizzle.config.ts) to generate migrations.

export * from "./analytics";
export * from "./auth";
export * from "./builtin-forms";
export * from "./content";
export * from "./forms";
export * from "./leads";
export * from "./media";
export * from "./newsletters";
export * from "./operations";
export * from "./outbox";
export * from "./pages";
export * from "./redirects";
export * from "./settings";
