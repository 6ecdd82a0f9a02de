// The 14 allergens that EU Regulation 1169/2011 (Annex II) requires menus to declare.
// Codes are the API's stable vocabulary; labels are what people read.
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soy",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;

export type Allergen = (typeof ALLERGENS)[number];

/** English names, in the wording of Annex II (other languages: lib/i18n/menu-labels.ts). */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: "Cereals containing gluten",
  crustaceans: "Crustaceans",
  eggs: "Eggs",
  fish: "Fish",
  peanuts: "Peanuts",
  soy: "Soybeans",
  milk: "Milk (including lactose)",
  nuts: "Nuts",
  celery: "Celery",
  mustard: "Mustard",
  sesame: "Sesame seeds",
  sulphites: "Sulphur dioxide and sulphites",
  lupin: "Lupin",
  molluscs: "Molluscs",
};

/** Keeps the canonical order so the same set always serializes the same way. */
export function sortAllergens(list: readonly Allergen[]): Allergen[] {
  return ALLERGENS.filter((a) => list.includes(a));
}
