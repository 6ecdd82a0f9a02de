export declare function repairPercentEncoding(url: string): string;
