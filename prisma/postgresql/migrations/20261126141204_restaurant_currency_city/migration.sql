-- The dish search with maxPrice reads the cities of its currency off this index (one seek a city,
-- lib/data/dish-queries.ts currencyCities), to narrow the dish index by place. 100 000 restaurants: a
-- few hundred milliseconds to build.
-- CreateIndex
CREATE INDEX "Restaurant_currency_cityId_idx" ON "Restaurant"("currency", "cityId");
