// The part of autocannon (no bundled types) the flood tests use.
declare module "autocannon" {
  namespace autocannon {
    interface Result {
      errors: number;
      timeouts: number;
      non2xx: number;
      requests: { total: number; average: number };
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
    }
  }
  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
