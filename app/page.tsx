import Link from "next/link";

export default function Home() {
  return (
    <main>
      <h1>Menu Service</h1>
      <p>Restaurant menus with prices, allergens and dietary tags — for diners, developers and AI agents.</p>
      <p>
        <Link href="/api/public">JSON API index</Link>
      </p>
    </main>
  );
}
