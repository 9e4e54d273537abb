export interface LinkedSignal {
    signal: AbortSignal | undefined;
    /** Detaches from the sources, so a long-lived client signal does not collect one listener per request. */
    release(): void;
}
export declare function linkSignals(a: AbortSignal | undefined, b: AbortSignal | undefined): LinkedSignal;
