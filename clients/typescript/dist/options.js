// The options the client and its methods take.
export {};
