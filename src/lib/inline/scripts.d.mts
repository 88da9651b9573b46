export declare const SYNC_LANGUAGE: string;
export declare function reportErrors(release: string): string;
export declare const PRELOAD_MODULES: string;
