import { searchPublishedDishes } from "../lib/data/dish-queries";
import { searchKey } from "../lib/menu/text-key";
const cases: [string, Record<string, unknown>, number?][] = [
  ["diet∅", { diet: ["no-such-diet"] }],
  ["qShort∅", { q: "qj" }],
  ["qShort", { q: "fl" }],
  ["qLong", { q: "flottante" }],
  ["qLong+nuts+limit1", { q: "flottante", excludeMask: 1 << 7 }, 1],
  ["qShort+diet∅", { q: "fl", diet: ["no-such-diet"] }],
  ["qShort+diet+nuts", { q: "fl", diet: ["gluten-free"], excludeMask: 1 << 7 }],
  ["maxPrice∅", { maxPriceMinor: 0, currency: "PLN" }],
  ["maxPrice", { maxPriceMinor: 2800, currency: "PLN" }],
  ["nuts", { excludeMask: 1 << 7 }],
  ["allAllergens", { excludeMask: (1 << 14) - 1 }],
  ["diet", { diet: ["gluten-free"] }],
  ["none", {}],
];
for (let round = 0; round < 2; round++)
  for (const [label, f, limit] of cases) {
    const plans: string[] = [];
    const t = performance.now();
    const r = await searchPublishedDishes({ diet: [], excludeMask: 0, withHours: false, ...f, ...(f.q ? { q: searchKey(String(f.q)) } : {}) } as never, { limit: limit ?? 20 }, (p) => plans.push(p));
    if (round) console.log(label.padEnd(22), (performance.now() - t).toFixed(1).padStart(8), "ms", r.total.total, plans.join(","));
  }
process.exit(0);
