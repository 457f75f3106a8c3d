export declare const serverEntry: string;
export declare const serverNodeArgs: string[];
