-- Keep the search vector in the row (compressed) and let descriptions and specs go to TOAST
-- first: ranking a search reads the vector of every match, and fetching each one from TOAST
-- made that several times slower than reading the rows themselves.
ALTER TABLE "catalog_products" ALTER COLUMN "search_vector" SET STORAGE MAIN;
