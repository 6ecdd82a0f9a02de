export declare function npmStartCommand(root: string, env?: Record<string, string | undefined>): { args: string[]; env: Record<string, string> };
