// The whole schema as one object, for Drizzle's relational queries and for drizzle-kit.
export * from './schema/audit';
export * from './schema/checks';
export * from './schema/content';
export * from './schema/digest';
export * from './schema/field';
export * from './schema/inbox';
export * from './schema/mismatches';
export * from './schema/org';
export * from './schema/push';
export * from './schema/read-models';
export * from './schema/replacements';
export * from './schema/storing';
export * from './schema/tires';
export * from './schema/users';
