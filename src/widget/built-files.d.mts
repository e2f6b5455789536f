export declare const WIDGET_LOADER_FILE: string;
export declare const WIDGET_PANEL_FILE: string;
