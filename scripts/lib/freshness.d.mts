export declare const DIST_DIR: string;
export declare const RUNTIME_ENTRIES: { start: string; serve: string; worker: string; "extract-worker": string; "page-worker": string; "front-handlers": string };
export declare function compiledFile(name: keyof typeof RUNTIME_ENTRIES): string;
export declare const WIDGET_LOADER_FILE: string;
export declare const WIDGET_PANEL_FILE: string;
export declare function nextBuildIsFresh(): boolean;
export declare function runtimeIsFresh(): boolean;
export declare function buildIsFresh(): boolean;
export declare function runningCompiled(): boolean;
