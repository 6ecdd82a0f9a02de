export function listenerRecorded(): boolean;
export function recordListener(address: string | { address: string; port: number } | null | undefined, options?: { own?: boolean }): void;
export function originOf(address: { address: string; port: number }): string;
export function listenerOrigin(): string | undefined;
