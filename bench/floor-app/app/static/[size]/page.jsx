// GET /static/{padding} – a prerendered page (rendered once, then served from the ISR cache) whose
// HTML has a chosen size: `npm run bench` compares the menu page with it, calibrating the padding
// so the whole document is as large as the menu page.
import { notFound } from "next/navigation";

export const revalidate = false;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export default async function StaticPage({ params }) {
  const { size } = await params;
  const padding = /^\d{1,7}$/.test(size) ? Number(size) : -1;
  if (padding < 0) notFound();
  return (
    <main>
      <h1>Benchmark reference page</h1>
      <p>{"x".repeat(padding)}</p>
    </main>
  );
}
