export declare const MAX_STARTS_PER_TURN: number;
export interface TurnGate {
  admit(run: () => void, firstOnConnection?: boolean): void;
  readonly waiting: number;
}
export declare function createTurnGate(options: { budgetMs: number; now?: () => number; defer?: (fn: () => void) => void; onError?: (error: unknown) => void }): TurnGate;
