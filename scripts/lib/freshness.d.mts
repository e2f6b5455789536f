export declare function markNextBuildCompleted(root?: string): void;
export declare function nextBuildCompleted(root?: string): boolean;
export declare function nextBuildIsFresh(root?: string): boolean;
export declare function runtimeIsFresh(): boolean;
export declare function buildIsFresh(): boolean;
