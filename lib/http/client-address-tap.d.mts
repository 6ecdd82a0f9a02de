export declare const CLIENT_ADDRESS_HEADER: string;
export declare function installClientAddressTap(): void;
export declare function stampedAddress(headerValue: string | null | undefined): string | undefined;
