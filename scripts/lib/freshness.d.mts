export declare function nextBuildIsFresh(): boolean;
export declare function runtimeIsFresh(): boolean;
export declare function buildIsFresh(): boolean;
