import type { CallOptions, TrellisOptions } from "./options.js";
export declare type RequestBody = {
    json: unknown;
} | {
    text: string;
    type: string;
};
export declare class Transport {
    private readonly base;
    private readonly fetchImpl;
    private readonly headers;
    private readonly signal;
    private readonly retries;
    constructor(options: TrellisOptions);
    /** Resolves to the parsed JSON answer, or undefined for a 204. */
    send<T>(method: string, path: string, body: RequestBody | undefined, call?: CallOptions): Promise<T>;
    private headersFor;
}
