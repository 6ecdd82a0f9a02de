// The subscription plans and the limits the application enforces and bills by.
// One source: the importer enforces these limits, /api/public/plans and the pricing page publish
// them. Prices are in EUR, major units. A null limit means unlimited.

export const PLAN_CURRENCY = "EUR";

export const PLAN_TRIAL = "14-day free trial of Pro, no credit card required";

export interface PlanLimits {
  restaurants: number | null;
  menuItems: number | null;
  languages: number | null;
  aiGenerationsPerMonth: number | null;
  aiTranslationsPerMonth: number | null;
}

export interface PlanDefinition {
  id: "free" | "pro";
  name: string;
  description: string;
  pricing: { monthly: number; yearly: number; yearlyPerMonth: number; lifetime: number };
  limits: PlanLimits;
  features: string[];
  proOnlyFeatures: string[];
  showsServiceBranding: boolean;
}

// yearlyPerMonth is derived so the advertised monthly equivalent cannot drift from the yearly price.
function pricing(monthly: number, yearly: number, lifetime: number): PlanDefinition["pricing"] {
  return { monthly, yearly, yearlyPerMonth: Math.round((yearly / 12) * 100) / 100, lifetime };
}

const PRO_ONLY_FEATURES = [
  "Unlimited menu items and languages",
  "AI menu translation",
  "AI dish descriptions",
  "Custom branding without service badge",
  "Multiple restaurants",
];

export const PLANS: readonly PlanDefinition[] = [
  {
    id: "free",
    name: "Free",
    description: "One restaurant with a bilingual digital menu, QR codes and allergen labelling.",
    pricing: pricing(0, 0, 0),
    limits: { restaurants: 1, menuItems: 60, languages: 2, aiGenerationsPerMonth: 5, aiTranslationsPerMonth: 2 },
    features: [
      "Public menu page with HTML and Markdown versions",
      "QR code for tables",
      "Allergen and dietary labels",
      "Opening hours and contact details",
      "Listing in the JSON API and the MCP tool server",
    ],
    proOnlyFeatures: [],
    showsServiceBranding: true,
  },
  {
    id: "pro",
    name: "Pro",
    description: "For restaurants and small groups that need every language, every dish and their own brand.",
    pricing: pricing(12, 120, 349),
    limits: { restaurants: 10, menuItems: null, languages: null, aiGenerationsPerMonth: 500, aiTranslationsPerMonth: 200 },
    features: [
      "Everything in Free",
      ...PRO_ONLY_FEATURES,
    ],
    proOnlyFeatures: PRO_ONLY_FEATURES,
    showsServiceBranding: false,
  },
];

export type PlanId = PlanDefinition["id"];

export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

export function planById(id: string): PlanDefinition | undefined {
  return PLANS.find((p) => p.id === id);
}
