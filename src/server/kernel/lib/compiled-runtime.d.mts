export declare const DIST_DIR: string;
export declare const RUNTIME_ENTRIES: { start: string; serve: string; worker: string; "extract-worker": string; "page-worker": string; "front-handlers": string };
export declare function compiledFile(name: keyof typeof RUNTIME_ENTRIES): string;
export declare function runningCompiled(): boolean;
