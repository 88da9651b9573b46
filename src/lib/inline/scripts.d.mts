export declare const SYNC_LANGUAGE: string;
