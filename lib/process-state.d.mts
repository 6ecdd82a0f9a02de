export declare function processState<T>(name: string, create: () => T): T;
