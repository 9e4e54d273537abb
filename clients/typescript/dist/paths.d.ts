export declare function withSpace(path: string, space: "root" | undefined, frames?: "changed"): string;
export declare function sessionPath(id: string, tail?: string): string;
