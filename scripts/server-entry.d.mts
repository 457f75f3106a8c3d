export type ServerDatabase = 'pglite' | 'postgres';
export declare const serverEntry: string;
export declare const semiSpaceMb: Readonly<Record<ServerDatabase, number>>;
export declare const databaseOf: (env: Record<string, string | undefined>) => ServerDatabase;
export declare const serverNodeArgsFor: (database: ServerDatabase) => string[];
export declare const serverNodeArgs: string[];
