export declare function derivePostgresqlSchema(sqliteSchema: string): string;
