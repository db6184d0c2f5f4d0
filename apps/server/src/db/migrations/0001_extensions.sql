-- Trigram indexes back name search (practices, users, specialities, insurance payers).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
