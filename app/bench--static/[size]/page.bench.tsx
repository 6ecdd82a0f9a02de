// Benchmark reference (only in the benchmark's build: next.config.ts pageExtensions): a prerendered page (rendered once, then served from the ISR cache) whose HTML has a chosen size — `npm run bench` compares the menu page with it
//
// The size parameter is the padding; bench/run.mjs calibrates it so the whole document is as
// large as the menu page it compares. Only when the server runs with BENCH_FLOOR=1; otherwise
// a plain 404. "bench--static" cannot be a restaurant slug (no double hyphens), so this route
// never shadows a menu page such as /{slug}/{lang}; like a menu page it passes the middleware.
import { notFound } from "next/navigation";
import { config } from "@/lib/config";

export const revalidate = false;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export default async function BenchStaticPage({ params }: { params: Promise<{ size: string }> }) {
  if (!config().BENCH_FLOOR) notFound();
  const { size } = await params;
  const padding = /^\d{1,7}$/.test(size) ? Number(size) : -1;
  if (padding < 0) notFound();
  return (
    <main id="main" className="wrap">
      <h1>Benchmark reference page</h1>
      <p>{"x".repeat(padding)}</p>
    </main>
  );
}
